/**
 * The polite live region of a page that updates itself (LIVE_PAGE_SCRIPT): after each update the
 * script writes `text` here, so a screen reader says that something changed. The updated block
 * itself is not live: it would be read again whole at every change.
 */
export function LiveStatus({ text }: { text: string }) {
  return <p role="status" aria-live="polite" className="sr-only" data-live-status data-text={text} data-testid="live-status" />;
}
