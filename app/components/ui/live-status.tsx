import { DataAttr, dataAttr } from "~/browser/attributes";

/**
 * The polite live region of a page that updates itself (app/browser/live-page.ts): after each update the
 * script writes `text` here, so a screen reader says that something changed. The updated block
 * itself is not live: it would be read again whole at every change.
 */
export function LiveStatus({ text }: { text: string }) {
  return (
    <p
      role="status"
      aria-live="polite"
      className="sr-only"
      {...dataAttr(DataAttr.liveStatus)}
      {...dataAttr(DataAttr.countdownText, text)}
      data-testid="live-status"
    />
  );
}
