/** An error that carries an HTTP-like status (e.g. a failed chunk or data request), shown as "404 Not Found". */
function statusOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('status' in error)) return null;
  const { status, statusText } = error as { status: unknown; statusText?: unknown };
  return typeof status === 'number' ? `${status} ${typeof statusText === 'string' ? statusText : ''}`.trim() : null;
}

/** The routing failure screen of docs/product.md "Screens and routes", "Messages": "Unexpected Application Error!" with the status or message. */
export function RouteError({ error }: { error: unknown }) {
  const detail = statusOf(error) ?? (error instanceof Error ? error.message : String(error));
  return (
    <main className="route-error" role="alert">
      <h1>Unexpected Application Error!</h1>
      <p>{detail}</p>
      <a href="/">Return to Home</a>
    </main>
  );
}
