/**
 * The event catalog shared by the app and the sync server: the envelope, every event type with its
 * payload schema, validation, upcasting and the one reader of records. It imports nothing of the
 * app or the server (docs/architecture.md "Import rules").
 */
export * from './envelope';
export * from './events';
export * from './validate';
export * from './upcast';
export * from './read';
