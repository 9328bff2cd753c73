import { isRouteErrorResponse, useRouteError } from 'react-router';

/** The routing failure screen of SPEC.md §2/§8: "Unexpected Application Error!" with the status or message. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="route-error" role="alert">
      <h1>Unexpected Application Error!</h1>
      <p>{detail}</p>
      <a href="/">Return to Home</a>
    </main>
  );
}
