import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { formatTimeLeft } from "~/domain/duration";

/**
 * Time left until `to`. The first render uses the server's clock (`serverNow`), so the server's HTML
 * and the browser's first render agree; after that it ticks each second on the browser's clock and,
 * at zero, reloads the page's data (what was closed may now be open).
 */
export function Countdown({ to, serverNow, render }: { to: string; serverNow: string; render: (timeLeft: string) => string }) {
  const target = new Date(to).getTime();
  const [now, setNow] = useState(() => new Date(serverNow).getTime());
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = target - now;
  useEffect(() => {
    if (left <= 0 && revalidator.state === "idle") void revalidator.revalidate();
    // Only the moment it reaches zero matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [left <= 0]);
  return (
    <span data-testid="countdown" aria-live="off">
      {render(formatTimeLeft(left))}
    </span>
  );
}
