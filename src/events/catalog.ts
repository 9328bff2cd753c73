/**
 * The app's entry to the shared event catalog (catalog/ at the top of the repository, shared with the
 * sync server): the envelope, every event type and its payload, validation, upcasting and the one
 * reader of stored records. App code imports these from here.
 */
export * from '../../catalog';
