/**
 * The page shown when NotePad cannot start (docs/architecture.md "Start-up order"): no log could be
 * opened, or the build's configuration is unusable. `message` says why (null: no reason known).
 */
export function CouldNotStart({ message }: { message: string | null }) {
  return (
    <main className="route-error" role="alert">
      <h1>NotePad could not start</h1>
      <p>{message}</p>
    </main>
  );
}
