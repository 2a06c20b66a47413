import { formatTimeLeft } from "~/domain/duration";

/**
 * Time left until `to`, written by the server on its own clock (`serverNow`). Pages without the
 * React runtime tick it each second with LIVE_PAGE_SCRIPT (`data-countdown`), which fetches the page
 * again at zero (what was closed may now be open). `text` writes the sentence around a time left;
 * given "{{time}}" it gives the template the script fills.
 */
export function Countdown({ to, serverNow, text }: { to: string; serverNow: string; text: (timeLeft: string) => string }) {
  return (
    <span data-testid="countdown" aria-live="off" data-countdown data-to={to} data-now={serverNow} data-text={text("{{time}}")}>
      {text(formatTimeLeft(new Date(to).getTime() - new Date(serverNow).getTime()))}
    </span>
  );
}
