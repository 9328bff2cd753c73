/**
 * The event catalog shared by the app and the sync server: the envelope, every event type with its
 * payload schema, validation, upcasting, the one reader of records, and the wire size of sync
 * events with its limits. It imports nothing of the
 * app or the server (docs/architecture.md "Import rules").
 */
export * from './envelope';
export * from './events';
export * from './validate';
export * from './guards';
export * from './upcast';
export * from './read';
export * from './wire';
export * from './keys';
export * from './projectionState';
export * from './readState';
export * from './noteFilter';
export * from './organisation';
export * from './share';
