import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';

/** The 404 page of docs/product.md "Screens and routes"; the missing path is logged to the console. */
export function NotFound() {
  const [pathname] = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);
  return (
    <main className="not-found">
      <h1>404</h1>
      <p>Oops! Page not found</p>
      <Link href="/">Return to Home</Link>
    </main>
  );
}
