import { lazyModule } from '../../services/lazyModule';

/** The toasts and texts of organising notes (organiseToasts.ts). */
export type OrganiseFeedback = typeof import('./organiseToasts');

const feedback = lazyModule<OrganiseFeedback>(() => import('./organiseToasts'));

/** Load the toasts and texts of organising notes (once; kept off the first load, as the menus and dialogs that use them). */
export function loadOrganiseFeedback(): Promise<OrganiseFeedback> {
  return feedback.load();
}
