import type { ExpiryChoice } from '../../services/share/shareLinks';

/** A link's options as the dialog edits them (docs/product.md "Share a note"). `keep`: the expiry stays as it is. */
export interface OptionsDraft {
  expiry: ExpiryChoice | 'keep';
  follows: boolean;
  usePassword: boolean;
  /** The password typed; empty with `usePassword` on a link that has one: the password stays. */
  password: string;
}

/** A link's password: at least this many characters (anyone with the link may try passwords offline). */
export const MIN_SHARE_PASSWORD_LENGTH = 8;

const EXPIRY_LABELS: Record<ExpiryChoice, string> = { never: 'Never', '1d': '1 day', '7d': '7 days', '30d': '30 days' };

/**
 * The options of a link: how long it lives, whether the page follows the note's edits, and an
 * optional password. `existing`: the options of a live link (the expiry may stay, and a password it
 * has stays unless a new one is typed).
 */
export function ShareOptions({
  draft,
  onChange,
  existing,
}: {
  draft: OptionsDraft;
  onChange(next: OptionsDraft): void;
  existing?: { expiresText: string; hasPassword: boolean };
}) {
  const set = (part: Partial<OptionsDraft>) => onChange({ ...draft, ...part });
  return (
    <fieldset className="share-options">
      <legend>Options</legend>
      <label className="share-option-row">
        Expires after
        <select value={draft.expiry} onChange={(e) => set({ expiry: e.target.value as OptionsDraft['expiry'] })}>
          {existing && <option value="keep">No change ({existing.expiresText})</option>}
          {(Object.keys(EXPIRY_LABELS) as ExpiryChoice[]).map((choice) => (
            <option key={choice} value={choice}>
              {EXPIRY_LABELS[choice]}
            </option>
          ))}
        </select>
      </label>
      <div role="radiogroup" aria-label="The shared page" className="share-choices">
        <label className="share-choice">
          <input type="radio" name="follows" checked={draft.follows} onChange={() => set({ follows: true })} /> Follows the note’s edits
        </label>
        <label className="share-choice">
          <input type="radio" name="follows" checked={!draft.follows} onChange={() => set({ follows: false })} /> Stays as it is now
        </label>
      </div>
      <label className="share-choice">
        <input type="checkbox" checked={draft.usePassword} onChange={(e) => set({ usePassword: e.target.checked })} /> Require a password
      </label>
      {draft.usePassword && (
        <label className="share-option-row">
          Password
          <input
            type="password"
            autoComplete="new-password"
            minLength={existing?.hasPassword ? undefined : MIN_SHARE_PASSWORD_LENGTH}
            placeholder={existing?.hasPassword ? 'Keep the current password' : `At least ${MIN_SHARE_PASSWORD_LENGTH} characters`}
            value={draft.password}
            onChange={(e) => set({ password: e.target.value })}
          />
        </label>
      )}
    </fieldset>
  );
}
