/** A folder outline (a notebook), decorative: what it marks carries the name. Drawn, not an emoji, so it looks the same on every system. */
export function FolderIcon() {
  return (
    <svg
      className="folder-icon"
      viewBox="0 0 24 24"
      width="14"
      height="14"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
    </svg>
  );
}
