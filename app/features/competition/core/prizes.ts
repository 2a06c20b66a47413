import type { Format, ThirdPlace } from "./formats";

/**
 * The prize distribution staff record once the event is over: for each team that won something, its
 * place (1 = champion) and the amount as written ("$50", "2.000 diamantes"). Rows without an amount
 * are ignored; a place is given to one team at most, but a shared place (a shared 3rd place) to two.
 */
export interface PrizeEntry {
  registrationId: string;
  place: number;
  amount: string;
}

export function checkPrizes(
  entries: { registrationId: string; place: unknown; amount: unknown }[],
  /** A fee-funded pool's split (percent per place): a row with a place and no amount gets its place's share ("50 %"). */
  poolSplit: readonly string[] = [],
  /** Places two teams may share (`sharedPlaces`): both semifinal losers are 3rd. */
  shared: readonly number[] = [],
): { ok: true; prizes: PrizeEntry[] } | { ok: false; code: "BAD_PRIZES" } {
  const shareOf = (place: unknown) => {
    const share = poolSplit[Number(place) - 1];
    return String(place ?? "").trim() !== "" && share ? `${share} %` : "";
  };
  const prizes = entries
    .map((entry) => ({
      registrationId: entry.registrationId,
      place: Number(entry.place),
      amount: String(entry.amount ?? "").trim() || shareOf(entry.place),
    }))
    .filter((entry) => entry.amount !== "");
  const valid =
    prizes.every(
      (prize) => Number.isInteger(prize.place) && prize.place >= 1 && prize.place <= entries.length && prize.amount.length <= 40,
    ) && prizes.every((prize) => prizes.filter((other) => other.place === prize.place).length <= (shared.includes(prize.place) ? 2 : 1));
  return valid ? { ok: true, prizes: prizes.sort((a, b) => a.place - b.place) } : { ok: false, code: "BAD_PRIZES" };
}

/** The places two teams may hold: 3rd when an elimination bracket's semifinal losers share it (docs/decisions/007-brackets.md). */
export function sharedPlaces(format: Format, thirdPlace: ThirdPlace | string): number[] {
  return (format === "single_elimination" || format === "groups_playoffs") && thirdPlace !== "match" ? [3] : [];
}
