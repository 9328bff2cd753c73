/**
 * What the editor loads for saves as changes once a note is editable (noteChanges.ts): the change model
 * (with Yjs) and the showing of changes made elsewhere. Not part of the first load.
 */
export { ChangeModel } from './changeModel';
export { showRemoteChange } from './remoteChanges';
