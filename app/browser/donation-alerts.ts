import { ALERT_QUEUE_MAX, ALERT_SHOW_MS, type DonationAlert } from "~/features/streamers/core/alerts";
import { DataAttr, selector } from "./attributes";

/**
 * One alert on stream at a time, each for `showMs`, the rest waiting in order (at most `max`: a
 * burst beyond that drops the oldest waiting, never the one on screen).
 */
export function createAlertQueue(show: (alert: DonationAlert) => void, hide: () => void, showMs = ALERT_SHOW_MS, max = ALERT_QUEUE_MAX) {
  const waiting: DonationAlert[] = [];
  let showing = false;
  const next = () => {
    const alert = waiting.shift();
    if (!alert) {
      showing = false;
      hide();
      return;
    }
    showing = true;
    show(alert);
    setTimeout(next, showMs);
  };
  return {
    push(alert: DonationAlert) {
      waiting.push(alert);
      if (waiting.length > max) waiting.shift();
      if (!showing) next();
    },
    waiting: () => waiting.length,
  };
}

/** Reads one `donation` event's data; anything else is ignored. */
export function parseAlert(data: string): DonationAlert | null {
  try {
    const value = JSON.parse(data) as Partial<DonationAlert>;
    if (typeof value.amount !== "string" || typeof value.message !== "string") return null;
    return {
      who: typeof value.who === "string" ? value.who : null,
      amount: value.amount,
      message: value.message,
      ...(typeof value.gift === "string" && value.gift !== "" ? { gift: value.gift } : {}),
      ...(value.test === true ? { test: true as const } : {}),
    };
  } catch {
    return null;
  }
}

/** The overlay page (`/streamers/alerts/:key`): follows the donations' events and shows each one. */
export function start(): void {
  const box = document.querySelector<HTMLElement>(selector(DataAttr.alerts));
  const address = box?.getAttribute(DataAttr.alerts);
  if (!box || !address) return;
  const part = (name: DataAttr) => box.querySelector<HTMLElement>(selector(name));
  const [who, amount, message, test, gift] = [
    part(DataAttr.alertWho),
    part(DataAttr.alertAmount),
    part(DataAttr.alertMessage),
    part(DataAttr.alertTest),
    part(DataAttr.alertGift),
  ];
  const someone = box.getAttribute(DataAttr.alertSomeone) ?? "";
  const queue = createAlertQueue(
    (alert) => {
      if (who) who.textContent = alert.who ?? someone;
      if (amount) amount.textContent = alert.amount;
      if (message) {
        message.textContent = alert.message;
        message.hidden = alert.message === "";
      }
      if (test) test.hidden = alert.test !== true;
      if (gift) {
        gift.textContent = alert.gift ?? "";
        gift.hidden = alert.gift === undefined;
      }
      box.hidden = false;
    },
    () => {
      box.hidden = true;
    },
  );
  // EventSource reconnects by itself, sending the last event's id: the server resumes after it.
  new EventSource(address).addEventListener("donation", (event) => {
    const alert = parseAlert((event as MessageEvent<string>).data);
    if (alert) queue.push(alert);
  });
}
