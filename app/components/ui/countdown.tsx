import { formatTimeLeft } from "~/domain/duration";
import { DataAttr, dataAttr } from "~/browser/attributes";

/**
 * Time left until `to`, written by the server on its own clock (`serverNow`). Pages without the
 * React runtime tick it each second with app/browser/live-page.ts (`data-countdown`), which fetches the page
 * again at zero (what was closed may now be open). `text` writes the sentence around a time left;
 * given "{{time}}" it gives the template the script fills.
 */
export function Countdown({ to, serverNow, text }: { to: string; serverNow: string; text: (timeLeft: string) => string }) {
  return (
    <span
      data-testid="countdown"
      aria-live="off"
      {...dataAttr(DataAttr.countdown)}
      {...dataAttr(DataAttr.countdownTo, to)}
      {...dataAttr(DataAttr.countdownNow, serverNow)}
      {...dataAttr(DataAttr.countdownText, text("{{time}}"))}
    >
      {text(formatTimeLeft(new Date(to).getTime() - new Date(serverNow).getTime()))}
    </span>
  );
}
