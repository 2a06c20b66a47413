import { describe, expect, it } from "vitest";
import type { Match } from "brackets-model";
import { buildBracket, MATCH_STATUS, type BracketData, type Entrant, type StoredResult } from "./bracket";
import {
  bracketView,
  champion,
  eventStage,
  groupLabel,
  groupStage,
  groupStandings,
  isFinished,
  isPlayable,
  lobbyEventStage,
  needlessReset,
  playoffStage,
  roundLabel,
  standings,
} from "./bracket-view";
import { freshBracket, regOf, teams } from "./bracket-fixtures";
import type { BracketFormat } from "./formats";

/** Plays the event to the end, rebuilding from stored results each time (as the server does); `winner` picks side 1 or 2. */
async function playOut(
  format: BracketFormat,
  entrants: Entrant[],
  winner: (m: Match, data: BracketData) => 1 | 2 = (m) => ((m.opponent1!.id as number) < (m.opponent2!.id as number) ? 1 : 2),
) {
  const results: StoredResult[] = [];
  let built = await buildBracket({ tournamentId: "t", format, entrants, groupCount: 1, results });
  for (let guard = 0; guard < 1000; guard++) {
    const playable = built.data.match.filter(isPlayable);
    if (playable.length === 0) break;
    for (const match of playable) {
      const side = winner(match, built.data);
      results.push({
        matchId: match.id as number,
        registration1: regOf(built.data, match.opponent1!.id),
        registration2: regOf(built.data, match.opponent2!.id),
        score1: side === 1 ? 1 : 0,
        score2: side === 1 ? 0 : 1,
      });
    }
    built = await buildBracket({ tournamentId: "t", format, entrants, groupCount: 1, results });
    expect(built.dropped).toEqual([]);
  }
  return { ...built, results };
}

describe("single elimination", () => {
  it("pairs 8 teams 1v8, 4v5, 2v7, 3v6 and crowns the top seed when favourites win", async () => {
    const { data } = await freshBracket("single_elimination", 8);
    expect(data.match).toHaveLength(7);
    const first = bracketView(data)[0]!.rounds[0]!.matches.map((m) => [m.side1?.name, m.side2?.name]);
    expect(first).toEqual([
      ["Team 1", "Team 8"],
      ["Team 4", "Team 5"],
      ["Team 2", "Team 7"],
      ["Team 3", "Team 6"],
    ]);
    expect(isFinished(data)).toBe(false);
    const played = await playOut("single_elimination", teams(8));
    expect(isFinished(played.data)).toBe(true);
    expect(played.results).toHaveLength(7);
    expect(champion(played.data, "single_elimination")).toEqual({ registrationId: "r1", name: "Team 1" });
    const table = standings(played.data, "single_elimination");
    expect(table.slice(0, 2).map((row) => row.registrationId)).toEqual(["r1", "r2"]);
    expect(table.find((row) => row.registrationId === "r1")).toMatchObject({ wins: 3, losses: 0 });
  });

  it("gives byes to the top seeds when teams are missing (odd count, no-shows), never a match of two byes", async () => {
    for (const count of [3, 5, 6, 7]) {
      const { data } = await freshBracket("single_elimination", count);
      const firstRound = data.match.filter((m) => m.round_id === data.round[0]!.id);
      expect(firstRound.every((m) => m.opponent1 !== null || m.opponent2 !== null)).toBe(true);
      // seed 1 advanced without playing: it already sits in round 2.
      const second = data.match.filter((m) => m.round_id === data.round[1]!.id);
      expect(second.some((m) => m.opponent1?.id === 0 || m.opponent2?.id === 0)).toBe(true);
      const played = await playOut("single_elimination", teams(count));
      expect(played.results).toHaveLength(count - 1);
      expect(champion(played.data, "single_elimination")?.registrationId).toBe("r1");
    }
  });

  it("re-flows a corrected result: later results of the old winner are dropped and the match reopens", async () => {
    const played = await playOut("single_elimination", teams(8));
    // Match 0 was Team 1 vs Team 8, won by Team 1; staff correct it to Team 8.
    const corrected = played.results.map((r) => (r.matchId === 0 ? { ...r, score1: 0, score2: 1 } : r));
    const rebuilt = await buildBracket({
      tournamentId: "t",
      format: "single_elimination",
      entrants: teams(8),
      groupCount: 1,
      results: corrected,
    });
    // Team 1's semi-final and the final no longer have the same teams.
    expect(rebuilt.dropped.length).toBe(2);
    const semi = rebuilt.data.match.find((m) => m.id === rebuilt.dropped[0])!;
    expect(semi.status).toBe(MATCH_STATUS.ready);
    expect(regOf(rebuilt.data, semi.opponent1!.id)).toBe("r8");
    expect(champion(rebuilt.data, "single_elimination")).toBeNull();
  });
});

describe("double elimination", () => {
  it("crowns the winner-bracket champion after one grand final", async () => {
    const played = await playOut("double_elimination", teams(4));
    expect(isFinished(played.data)).toBe(true);
    expect(champion(played.data, "double_elimination")?.registrationId).toBe("r1");
    // Winners' bracket 3, losers' bracket 2, one grand final: the reset is never offered.
    expect(played.results).toHaveLength(6);
    expect(played.data.match.filter(isPlayable)).toHaveLength(0);
    expect(
      standings(played.data, "double_elimination")
        .slice(0, 2)
        .map((r) => r.registrationId),
    ).toEqual(["r1", "r2"]);
    // The views leave the unplayed reset out: the grand final shows one round.
    expect(needlessReset(played.data)).not.toBeNull();
    const grandFinal = bracketView(played.data).find((group) => group.number === 3)!;
    expect(grandFinal.rounds).toHaveLength(1);
  });

  it("plays the bracket reset when the loser-bracket team wins the first grand final", async () => {
    // Seed 1 wins everything except the grand finals, which the loser-bracket champion takes.
    const groupNumber = (data: BracketData, m: Match) => data.group.find((g) => g.id === m.group_id)!.number;
    const played = await playOut("double_elimination", teams(4), (m, data) =>
      groupNumber(data, m) === 3
        ? (m.opponent1!.id as number) === 0
          ? 2
          : 1
        : (m.opponent1!.id as number) < (m.opponent2!.id as number)
          ? 1
          : 2,
    );
    expect(isFinished(played.data)).toBe(true);
    const champ = champion(played.data, "double_elimination");
    expect(champ?.registrationId).not.toBe("r1");
    const gf = played.data.match.filter((m) => groupNumber(played.data, m) === 3);
    expect(gf.filter((m) => m.status === MATCH_STATUS.completed || m.status === MATCH_STATUS.archived)).toHaveLength(2);
    // The reset was played: the views show both rounds.
    expect(needlessReset(played.data)).toBeNull();
    expect(bracketView(played.data).find((group) => group.number === 3)!.rounds).toHaveLength(2);
  });

  it("handles byes for 6 teams", async () => {
    const played = await playOut("double_elimination", teams(6));
    expect(isFinished(played.data)).toBe(true);
    expect(champion(played.data, "double_elimination")?.registrationId).toBe("r1");
  });
});

describe("round robin", () => {
  it("with an odd count every team plays every other once, one team resting each round", async () => {
    const { data } = await freshBracket("round_robin", 5);
    expect(data.match).toHaveLength(10);
    expect(data.round).toHaveLength(5);
    const pairs = new Set(data.match.map((m) => [m.opponent1!.id, m.opponent2!.id].sort().join("-")));
    expect(pairs.size).toBe(10);
    const played = await playOut("round_robin", teams(5));
    expect(isFinished(played.data)).toBe(true);
    const table = standings(played.data, "round_robin");
    expect(table.map((r) => [r.registrationId, r.wins])).toEqual([
      ["r1", 4],
      ["r2", 3],
      ["r3", 2],
      ["r4", 1],
      ["r5", 0],
    ]);
    expect(champion(played.data, "round_robin")?.registrationId).toBe("r1");
  });
});

describe("labels and finals", () => {
  it("knows which matches are finals (best-of of the final)", async () => {
    const { isFinalMatch, roundLabel } = await import("./bracket-view");
    const { data } = await freshBracket("single_elimination", 8);
    expect(data.match.filter((m) => isFinalMatch(data, m.id as number, "single_elimination")).map((m) => m.id)).toEqual([6]);
    expect(roundLabel("single_elimination", 1, 3, 3)).toEqual({ key: "final" });
    expect(roundLabel("single_elimination", 1, 2, 3)).toEqual({ key: "semifinal" });
    expect(roundLabel("round_robin", 1, 2, 5)).toEqual({ key: "round", number: 2 });
  });
});

describe("the landing card's stage", () => {
  it("single elimination: nothing, then Final while the final is open, then the champion", async () => {
    const fresh = await freshBracket("single_elimination", 4);
    expect(eventStage(fresh.data, "single_elimination")).toBeNull();
    // Both semi-finals decided: the final has its two teams.
    const semis = fresh.data.match.filter(isPlayable);
    const results: StoredResult[] = semis.map((match) => ({
      matchId: match.id as number,
      registration1: regOf(fresh.data, match.opponent1!.id),
      registration2: regOf(fresh.data, match.opponent2!.id),
      score1: 1,
      score2: 0,
    }));
    const atFinal = await buildBracket({ tournamentId: "t", format: "single_elimination", entrants: teams(4), groupCount: 1, results });
    expect(eventStage(atFinal.data, "single_elimination")).toEqual({ stage: "final" });
    const done = await playOut("single_elimination", teams(4));
    expect(eventStage(done.data, "single_elimination")).toEqual({ stage: "finished", champion: "Team 1" });
  });

  it("double elimination reaches its grand final; round robin only ever shows its winner", async () => {
    const done = await playOut("double_elimination", teams(4));
    expect(eventStage(done.data, "double_elimination")).toMatchObject({ stage: "finished" });
    const robin = await playOut("round_robin", teams(4));
    expect(eventStage(robin.data, "round_robin")).toEqual({ stage: "finished", champion: "Team 1" });
    const fresh = await freshBracket("round_robin", 4);
    expect(eventStage(fresh.data, "round_robin")).toBeNull();
  });

  it("battle royale: the last lobby match is the final", () => {
    expect(lobbyEventStage(0, 4, null)).toBeNull();
    expect(lobbyEventStage(2, 4, "A")).toBeNull();
    expect(lobbyEventStage(3, 4, "A")).toEqual({ stage: "final" });
    expect(lobbyEventStage(4, 4, "A")).toEqual({ stage: "finished", champion: "A" });
  });
});

describe("groups → playoffs", () => {
  it("plays two groups, then draws the top two of each into a crossed single-elimination bracket", async () => {
    const entrants = teams(8);
    const fresh = await buildBracket({ tournamentId: "t", format: "groups_playoffs", entrants, groupCount: 2, results: [] });
    expect(fresh.data.stage).toHaveLength(1);
    expect(fresh.data.group).toHaveLength(2);
    expect(playoffStage(fresh.data)).toBeNull();
    expect(eventStage(fresh.data, "groups_playoffs")).toBeNull();

    // Play only the group stage: the lower participant id wins every match.
    const results: StoredResult[] = [];
    let built = fresh;
    while (!playoffStage(built.data)) {
      for (const match of built.data.match.filter(isPlayable))
        results.push({
          matchId: match.id as number,
          registration1: regOf(built.data, match.opponent1!.id),
          registration2: regOf(built.data, match.opponent2!.id),
          score1: (match.opponent1!.id as number) < (match.opponent2!.id as number) ? 1 : 0,
          score2: (match.opponent1!.id as number) < (match.opponent2!.id as number) ? 0 : 1,
        });
      built = await buildBracket({ tournamentId: "t", format: "groups_playoffs", entrants, groupCount: 2, results });
      expect(built.dropped).toEqual([]);
    }
    const tables = groupStandings(built.data);
    expect(tables).toHaveLength(2);
    const [a, b] = tables.map((table) => table.rows.map((row) => row.name));
    // Every team of a group met every other one; no rematch across groups.
    expect(new Set([...a!, ...b!]).size).toBe(8);
    const playoffs = playoffStage(built.data)!;
    const first = bracketView(playoffs)
      .find((group) => group.number === 1)!
      .rounds[0]!.matches.map((m) => [m.side1?.name, m.side2?.name]);
    // Seeds A1, B1, A2, B2 in inner-outer order: A1–B2 and B1–A2.
    expect(first).toEqual([
      [a![0], b![1]],
      [b![0], a![1]],
    ]);
    // The views label the second stage as the playoffs.
    const view = bracketView(built.data);
    expect(view.map((group) => group.stage)).toEqual([0, 0, 1]);
    expect(groupLabel("groups_playoffs", 1, 1)).toEqual({ key: "playoffs" });
    expect(roundLabel("groups_playoffs", 1, 2, 2, 1)).toEqual({ key: "final" });
    expect(roundLabel("groups_playoffs", 1, 2, 3, 0)).toEqual({ key: "round", number: 2 });

    // Then the playoffs to the end: a final, then a champion who came through the groups.
    const done = await playOut("groups_playoffs", entrants);
    const winner = champion(done.data, "groups_playoffs");
    expect(winner).not.toBeNull();
    expect([a![0], b![0]]).toContain(winner!.name);
    expect(eventStage(done.data, "groups_playoffs")).toEqual({ stage: "finished", champion: winner!.name });
    const table = standings(done.data, "groups_playoffs");
    expect(table).toHaveLength(8);
    expect(table[0]!.name).toBe(winner!.name);
  });

  it("a correction in the groups redraws the playoffs and drops playoff results whose teams changed", async () => {
    const entrants = teams(4);
    // One group of four; the lower id wins every match: Team 1 and Team 2 meet in the final.
    const done = await playOut("groups_playoffs", entrants);
    const final = playoffStage(done.data)!.match[0]!;
    expect([regOf(done.data, final.opponent1!.id), regOf(done.data, final.opponent2!.id)]).toEqual(["r1", "r2"]);
    // Staff correct every group match Team 1 played: it lost them all, so Team 2 and Team 3 go through.
    const groupIds = new Set(groupStage(done.data).match.map((match) => match.id as number));
    const corrected = done.results.map((result) =>
      groupIds.has(result.matchId) && (result.registration1 === "r1" || result.registration2 === "r1")
        ? { ...result, score1: result.registration1 === "r1" ? 0 : 1, score2: result.registration1 === "r1" ? 1 : 0 }
        : result,
    );
    const rebuilt = await buildBracket({ tournamentId: "t", format: "groups_playoffs", entrants, groupCount: 1, results: corrected });
    const redrawn = playoffStage(rebuilt.data)!.match[0]!;
    expect(redrawn.id).toBe(final.id);
    expect([regOf(rebuilt.data, redrawn.opponent1!.id), regOf(rebuilt.data, redrawn.opponent2!.id)]).toEqual(["r2", "r3"]);
    expect(rebuilt.dropped).toEqual([final.id]);
    expect(isPlayable(redrawn)).toBe(true);
  });
});

describe("swiss", () => {
  it("builds one round at a time from the results, without rematches, to a champion by wins then Buchholz", async () => {
    const fresh = await freshBracket("swiss", 8);
    expect(fresh.data.round).toHaveLength(1);
    expect(fresh.data.match.filter(isPlayable)).toHaveLength(4);
    expect(groupLabel("swiss", 1)).toEqual({ key: "swiss" });
    const done = await playOut("swiss", teams(8));
    expect(done.data.round).toHaveLength(3);
    expect(done.results).toHaveLength(12);
    const pairs = done.data.match.map((match) => [match.opponent1!.id, match.opponent2!.id].sort().join("-"));
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(isFinished(done.data)).toBe(true);
    const table = standings(done.data, "swiss");
    // The lower id wins every match: Team 1 goes 3–0.
    expect(table[0]).toMatchObject({ name: "Team 1", wins: 3, losses: 0 });
    expect(table.every((row) => typeof row.buchholz === "number")).toBe(true);
    expect(champion(done.data, "swiss")).toEqual({ registrationId: "r1", name: "Team 1" });
    expect(eventStage(done.data, "swiss")).toEqual({ stage: "finished", champion: "Team 1" });
  });

  it("an odd field gets a bye each round (a win), never twice for the same team; a correction re-pairs later rounds", async () => {
    const done = await playOut("swiss", teams(5));
    const byes = done.data.match.filter((match) => match.opponent2 === null).map((match) => match.opponent1!.id);
    expect(byes).toHaveLength(3);
    expect(new Set(byes).size).toBe(3);
    const firstRound = done.results.filter((result) => result.matchId < 2);
    const flipped = done.results.map((result) => (result.matchId === 0 ? { ...result, score1: 0, score2: 1 } : result));
    const rebuilt = await buildBracket({ tournamentId: "t", format: "swiss", entrants: teams(5), groupCount: 1, results: flipped });
    expect(rebuilt.applied).toEqual(expect.arrayContaining(firstRound.map((result) => result.matchId)));
    // Whatever later pairing changed is dropped and open again; nothing applied is a rematch.
    const pairs = rebuilt.data.match.filter((m) => m.opponent2 !== null).map((m) => [m.opponent1!.id, m.opponent2!.id].sort().join("-"));
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(rebuilt.applied.length + rebuilt.dropped.length).toBe(flipped.length);
  });
});
