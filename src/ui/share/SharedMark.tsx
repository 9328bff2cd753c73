import './sharedMark.css';

/** The small mark of a note shared by a live link (docs/product.md "Share a note"): in its sidebar row and in the header. */
export function SharedMark({ className }: { className?: string }) {
  return (
    <svg
      className={`shared-mark${className ? ` ${className}` : ''}`}
      role="img"
      aria-label="Shared by link"
      viewBox="0 0 24 24"
      width="14"
      height="14"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
    </svg>
  );
}
