import type { Currency, Money } from "~/domain/money";

/**
 * A prize as staff recorded it (free text, e.g. "$50", "50 USD", "Bs 1.500", "2.000 diamantes"),
 * read as money when it is money: dollars or bolívares with at most two decimals. Anything else
 * (diamonds, a skin) is not paid through the wallet: null.
 */
export function prizeMoney(text: string): Money | null {
  const clean = text.trim().replace(/\s+/g, " ");
  const usd = /^(?:\$|US\$|USD) ?([\d.,]+)$|^([\d.,]+) ?(?:\$|USD|usd|dólares|dolares|dollars)$/i.exec(clean);
  const ves = /^(?:Bs\.?|VES) ?([\d.,]+)$|^([\d.,]+) ?(?:Bs\.?|VES|bolívares|bolivares)$/i.exec(clean);
  const match = usd ?? ves;
  if (!match) return null;
  const amount = minorUnits(match[1] ?? match[2] ?? "");
  if (amount === null || amount <= 0) return null;
  return { amount, currency: (usd ? "USD" : "VES") as Currency };
}

/** "50", "50.5", "50,50", "1.500" (thousands), "1,500.25" → minor units; ambiguous text → null. */
function minorUnits(text: string): number | null {
  let whole = text;
  let cents = "";
  const decimal = /^(.*)[.,](\d{1,2})$/.exec(text);
  if (decimal) {
    whole = decimal[1] ?? "";
    cents = decimal[2] ?? "";
  }
  const digits = whole.replace(/[.,](?=\d{3}(?:[.,]|$))/g, "");
  if (!/^\d{1,9}$/.test(digits)) return null;
  return Number(digits) * 100 + Number(cents.padEnd(2, "0"));
}

/** How a team's prize reaches wallets: all to the captain, or split equally among the starters. */
export type PrizeReceiver = "captain" | "starters";

/** Splits `amount` into `parts` equal shares in minor units; the first shares take the odd cents. */
export function splitEqually(amount: number, parts: number): number[] {
  if (parts <= 0) return [];
  const base = Math.floor(amount / parts);
  const rest = amount - base * parts;
  return Array.from({ length: parts }, (_, index) => base + (index < rest ? 1 : 0));
}

/**
 * Who gets how much of one placed team's prize. To the captain: all of it. Among the starters: equal
 * shares to the cent; a starter entered without an account here (typed by hand) cannot hold a wallet,
 * so their share goes to the captain who registered them. A team without starters on record: the captain.
 */
export function prizeShares(
  amount: number,
  captainId: string,
  starters: ReadonlyArray<string | null>,
  receiver: PrizeReceiver,
): Array<{ userId: string; amount: number }> {
  if (receiver === "captain" || starters.length === 0) return [{ userId: captainId, amount }];
  const shares = new Map<string, number>();
  splitEqually(amount, starters.length).forEach((share, index) => {
    const userId = starters[index] ?? captainId;
    shares.set(userId, (shares.get(userId) ?? 0) + share);
  });
  return [...shares].map(([userId, share]) => ({ userId, amount: share }));
}
