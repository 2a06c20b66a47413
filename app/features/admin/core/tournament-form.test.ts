import { describe, expect, it } from "vitest";
import { canMoveTournament, localDateTimeText, parseTournamentForm, teamSizeKey, zonedDateTime } from "./tournament-form";

const now = new Date("2026-03-10T12:00:00Z");
const context = { today: "2026-03-10", now };
const valid = {
  title: "Copa Relámpago",
  game: "blood-strike",
  date: "2026-03-20",
  startTime: "19:00",
  registrationOpensAt: "2026-03-11T08:00",
  registrationClosesAt: "2026-03-19T20:00",
  capacity: "32",
  feeKind: "USD",
  fee: "2,50",
  prize: "$250",
  prizeSplit: "50, 30, 20",
  rules: "# Reglas\r\nSé justo.",
  format: "single_elimination",
  badges: ["paid", "duo"],
};

describe("parseTournamentForm", () => {
  it("reads a full form; team size follows the game; money in minor units; times in Caracas", () => {
    const result = parseTournamentForm(valid, context);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.values).toMatchObject({
      feeAmount: 250,
      feeCurrency: "USD",
      capacity: 32,
      players: ["32", "duo"],
      prizeSplit: ["50", "30", "20"],
      rules: "# Reglas\nSé justo.",
    });
    expect(result.values.registrationClosesAt.toISOString()).toBe("2026-03-20T00:00:00.000Z");
  });

  it("a Plus event is the ticked checkbox; unticked (absent) is an open event", () => {
    const ticked = parseTournamentForm({ ...valid, plusOnly: "on" }, context);
    const unticked = parseTournamentForm(valid, context);
    expect(ticked.ok && ticked.values.plusOnly).toBe(true);
    expect(unticked.ok && unticked.values.plusOnly).toBe(false);
  });

  it("reads the prize funding: none by default, the organizer's deposit, or the fees' pool", () => {
    expect(parseTournamentForm(valid, context)).toMatchObject({ ok: true, values: { prizeFunding: "none" } });
    expect(parseTournamentForm({ ...valid, prizeFunding: "organizer" }, context)).toMatchObject({
      ok: true,
      values: { prizeFunding: "organizer" },
    });
    expect(parseTournamentForm({ ...valid, prizeFunding: "fees", prize: "Pozo de inscripciones" }, context)).toMatchObject({
      ok: true,
      values: { prizeFunding: "fees" },
    });
  });

  it("a free tournament stores a zero fee", () => {
    expect(parseTournamentForm({ ...valid, feeKind: "free", fee: "" }, context)).toMatchObject({
      ok: true,
      values: { feeAmount: 0, feeCurrency: "USD" },
    });
  });

  it.each([
    [{ title: " " }, "TITLE_REQUIRED", "title"],
    [{ game: "chess" }, "GAME_UNKNOWN", "game"],
    [{ date: "2026-03-09" }, "DATE_IN_PAST", "date"],
    [{ date: "2026-02-30" }, "DATE_INVALID", "date"],
    [
      { date: "2026-03-10", startTime: "07:00", registrationClosesAt: "2026-03-10T06:00", registrationOpensAt: "" },
      "DATE_IN_PAST",
      "startTime",
    ],
    [{ registrationClosesAt: "2026-03-21T10:00" }, "CLOSES_AFTER_START", "registrationClosesAt"],
    [{ registrationOpensAt: "2026-03-19T21:00" }, "CLOSES_BEFORE_OPENS", "registrationClosesAt"],
    [{ capacity: "0" }, "CAPACITY_NOT_POSITIVE", "capacity"],
    [{ capacity: "-4" }, "CAPACITY_NOT_POSITIVE", "capacity"],
    [{ capacity: "diez" }, "CAPACITY_INVALID", "capacity"],
    [{ capacity: "100000" }, "CAPACITY_TOO_LARGE", "capacity"],
    [{ fee: "0" }, "FEE_NOT_POSITIVE", "fee"],
    [{ fee: "-1" }, "FEE_NOT_POSITIVE", "fee"],
    [{ fee: "abc" }, "FEE_INVALID", "fee"],
    [{ fee: "5000" }, "FEE_TOO_LARGE", "fee"],
    [{ prizeSplit: "50,30" }, "SPLIT_NOT_100", "prizeSplit"],
    [{ badges: ["vip"] }, "BADGE_UNKNOWN", "badges"],
    [{ prizeFunding: "sponsor" }, "PRIZE_FUNDING_UNKNOWN", "prizeFunding"],
    [{ prizeFunding: "organizer", prize: "2.000 diamantes" }, "PRIZE_NOT_MONEY", "prize"],
    [{ prizeFunding: "fees", feeKind: "free", fee: "" }, "POOL_NEEDS_FEE", "fee"],
    [{ prizeFunding: "fees", prizeSplit: "" }, "POOL_NEEDS_SPLIT", "prizeSplit"],
  ])("refuses %o with %s", (change, code, field) => {
    expect(parseTournamentForm({ ...valid, ...change }, context)).toMatchObject({ ok: false, code, field });
  });

  it("answers every wrong field at once, the code of the first one in the form's order", () => {
    const result = parseTournamentForm(
      { ...valid, title: "", capacity: "0", fee: "abc", prizeSplit: "50,30", checkInOpensMinutes: "10", checkInClosesMinutes: "10" },
      context,
    );
    expect(result).toEqual({
      ok: false,
      code: "TITLE_REQUIRED",
      field: "title",
      errors: {
        title: "TITLE_REQUIRED",
        capacity: "CAPACITY_NOT_POSITIVE",
        fee: "FEE_INVALID",
        prizeSplit: "SPLIT_NOT_100",
        checkInClosesMinutes: "CHECK_IN_INVALID",
      },
    });
  });

  it("a malformed date or split does not hide the rules between the other fields", () => {
    for (const wrong of [{ date: "2026-02-31" }, { prizeSplit: "50,x" }]) {
      const result = parseTournamentForm({ ...wrong, ...valid, ...wrong, checkInOpensMinutes: "10", checkInClosesMinutes: "10" }, context);
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(Object.keys(result.errors).sort()).toEqual([Object.keys(wrong)[0], "checkInClosesMinutes"].sort());
    }
  });

  it("checks the rules between fields beside other fields' errors, each field keeping its own first error", () => {
    const result = parseTournamentForm(
      {
        ...valid,
        game: "chess",
        registrationOpensAt: "2026-03-19T21:00",
        prizeFunding: "fees",
        feeKind: "free",
        fee: "",
        prizeSplit: "",
        prize: "",
        teamSize: "1",
        substitutes: "2",
      },
      context,
    );
    expect(result).toMatchObject({
      ok: false,
      code: "GAME_UNKNOWN",
      errors: {
        game: "GAME_UNKNOWN",
        registrationClosesAt: "CLOSES_BEFORE_OPENS",
        fee: "POOL_NEEDS_FEE",
        prize: "PRIZE_REQUIRED",
        prizeSplit: "POOL_NEEDS_SPLIT",
      },
    });
    // The substitutes rule needs the game's usual size, unknown here: not judged until the game is right.
    expect(result.ok || result.errors.substitutes).toBeUndefined();
    expect(parseTournamentForm({ ...valid, teamSize: "1", substitutes: "2", title: "" }, context)).toMatchObject({
      errors: { title: "TITLE_REQUIRED", substitutes: "SUBSTITUTES_INVALID" },
    });
  });

  it("cannot be made smaller than its confirmed teams", () => {
    expect(parseTournamentForm({ ...valid, capacity: "10" }, { ...context, confirmedTeams: 12 })).toEqual({
      ok: false,
      code: "CAPACITY_BELOW_CONFIRMED",
      field: "capacity",
      errors: { capacity: "CAPACITY_BELOW_CONFIRMED" },
    });
    expect(parseTournamentForm({ ...valid, capacity: "12" }, { ...context, confirmedTeams: 12 })).toMatchObject({ ok: true });
  });
});

describe("helpers", () => {
  it("team size words", () => {
    expect([teamSizeKey("free-fire"), teamSizeKey("blood-strike"), teamSizeKey("mobile-legends")]).toEqual(["solo", "duo", "squad"]);
  });
  it("platform wall-clock times round-trip", () => {
    const at = zonedDateTime("2026-03-19T20:00")!;
    expect(at.toISOString()).toBe("2026-03-20T00:00:00.000Z");
    expect(localDateTimeText(at)).toBe("2026-03-19T20:00");
    expect(zonedDateTime("2026-03-19T25:00")).toBeNull();
  });
  it("status moves", () => {
    expect(canMoveTournament("draft", "published")).toBe(true);
    expect(canMoveTournament("published", "draft")).toBe(true);
    expect(canMoveTournament("published", "cancelled")).toBe(true);
    expect(canMoveTournament("cancelled", "published")).toBe(false);
    expect(canMoveTournament("published", "published")).toBe(false);
    // An organization's paid tournament waiting for approval (docs/organizations.md).
    expect(canMoveTournament("pending", "published")).toBe(true);
    expect(canMoveTournament("pending", "draft")).toBe(true);
    expect(canMoveTournament("draft", "pending")).toBe(false);
  });

  it("the 3rd-place choice goes with the format into the event's plan: shared by default, a match when chosen", () => {
    const plain = parseTournamentForm({ ...valid, format: "single_elimination" }, context);
    expect(plain).toMatchObject({ ok: true, event: { format: "single_elimination", thirdPlace: "shared" } });
    const match = parseTournamentForm({ ...valid, format: "single_elimination", thirdPlace: "match" }, context);
    expect(match).toMatchObject({ ok: true, event: { thirdPlace: "match" } });
    expect(parseTournamentForm({ ...valid, thirdPlace: "cuarto" }, context)).toEqual({
      ok: false,
      code: "THIRD_PLACE_UNKNOWN",
      field: "thirdPlace",
      errors: { thirdPlace: "THIRD_PLACE_UNKNOWN" },
    });
  });

  it("team size defaults to the game's usual size; format, start and check-in make the event's plan", () => {
    const ff = parseTournamentForm({ ...valid, game: "free-fire", format: "battle_royale" }, context);
    expect(ff).toMatchObject({
      ok: true,
      values: { teamSize: 4, substitutes: 0, players: ["32", "squad"], format: "battle_royale" },
      event: { format: "battle_royale", checkInOpensMinutes: 60, checkInClosesMinutes: 15 },
    });
    expect(ff.ok && ff.event?.startsAt.toISOString()).toBe("2026-03-20T23:00:00.000Z");
    expect(parseTournamentForm({ ...valid, game: "cod-mobile" }, context)).toMatchObject({ values: { teamSize: 5 } });
    expect(parseTournamentForm({ ...valid, teamSize: "1" }, context)).toMatchObject({ values: { teamSize: 1, players: ["32", "solo"] } });
    expect(parseTournamentForm({ ...valid, teamSize: "9" }, context)).toMatchObject({ ok: false, code: "TEAM_SIZE_INVALID" });
    expect(parseTournamentForm({ ...valid, teamSize: "1", substitutes: "1" }, context)).toMatchObject({ code: "SUBSTITUTES_INVALID" });
    expect(parseTournamentForm({ ...valid, checkInOpensMinutes: "10", checkInClosesMinutes: "10" }, context)).toMatchObject({
      code: "CHECK_IN_INVALID",
      field: "checkInClosesMinutes",
    });
    expect(parseTournamentForm({ ...valid, format: "battle_royale_points" }, context)).toMatchObject({
      values: { format: "battle_royale" },
    });
    expect(parseTournamentForm({ ...valid, format: "" }, context)).toMatchObject({ ok: true, event: null });
  });
});
