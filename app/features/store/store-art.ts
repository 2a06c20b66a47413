/**
 * The in-game currency icon of each store game's packages (our own SVGs in public/images/currency/).
 * Art only, no rules: a game not listed gets the generic coin.
 */
const CURRENCY_ICON: Record<string, "diamond" | "gold" | "bond" | "coin"> = {
  "free-fire": "diamond",
  "mobile-legends": "diamond",
  "blood-strike": "gold",
  "arena-breakout": "bond",
  "delta-force": "coin",
};

export function currencyIcon(gameId: string): string {
  return `/images/currency/${CURRENCY_ICON[gameId] ?? "coin"}.svg`;
}
