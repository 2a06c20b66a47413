import type { Match } from "brackets-model";
import { MATCH_STATUS, type BracketData } from "./match-status";
import { PLAYOFF_PER_GROUP, type BracketFormat } from "./formats";
import { swissStandings, type SwissGame } from "./swiss";

/** What the bracket page shows, derived from the stored brackets-manager rows. */
export interface MatchView {
  id: number;
  number: number;
  status: "locked" | "waiting" | "ready" | "completed";
  side1: SideView | null;
  side2: SideView | null;
}

export interface SideView {
  registrationId: string | null;
  name: string | null;
  score: number | null;
  winner: boolean;
}

export interface RoundView {
  /** The brackets-manager round id (what a round time is stored by). */
  id: number;
  number: number;
  matches: MatchView[];
}

export interface GroupView {
  id: number;
  /** 0 for the first stage; 1 for the playoffs of groups → playoffs. */
  stage: number;
  number: number;
  rounds: RoundView[];
}

export interface StandingRow {
  registrationId: string;
  name: string;
  rank: number;
  wins: number;
  losses: number;
  scoreFor: number;
  scoreAgainst: number;
  /** Swiss: the sum of the wins of the teams met (the first tie-break). */
  buchholz?: number;
}

const STATUS_NAMES: Record<number, MatchView["status"]> = {
  [MATCH_STATUS.locked]: "locked",
  [MATCH_STATUS.waiting]: "waiting",
  [MATCH_STATUS.ready]: "ready",
  [MATCH_STATUS.running]: "ready",
  [MATCH_STATUS.completed]: "completed",
  [MATCH_STATUS.archived]: "completed",
};

type Participant = { id: number; name: string; registration_id: string };

function participantsById(data: BracketData): Map<number, Participant> {
  return new Map((data.participant as unknown as Participant[]).map((participant) => [participant.id, participant]));
}

export function matchView(match: Match, participants: Map<number, Participant>): MatchView {
  const side = (opponent: Match["opponent1"]): SideView | null => {
    if (!opponent) return null;
    const participant = opponent.id == null ? undefined : participants.get(opponent.id as number);
    return {
      registrationId: participant?.registration_id ?? null,
      name: participant?.name ?? null,
      score: opponent.score ?? null,
      winner: opponent.result === "win",
    };
  };
  return {
    id: match.id as number,
    number: match.number,
    status: STATUS_NAMES[match.status] ?? "locked",
    side1: side(match.opponent1),
    side2: side(match.opponent2),
  };
}

/** Groups (winner bracket, loser bracket, grand final; or round-robin groups) → rounds → matches, in order. */
export function bracketView(data: BracketData): GroupView[] {
  const participants = participantsById(data);
  const matchesByRound = new Map<number, Match[]>();
  for (const match of data.match) {
    const list = matchesByRound.get(match.round_id as number) ?? [];
    list.push(match);
    matchesByRound.set(match.round_id as number, list);
  }
  const stageIds = [...data.stage].map((stage) => stage.id as number).sort((a, b) => a - b);
  const needless = needlessReset(data);
  return [...data.group]
    .sort((a, b) => stageIds.indexOf(a.stage_id as number) - stageIds.indexOf(b.stage_id as number) || a.number - b.number)
    .map((group) => ({
      id: group.id as number,
      stage: stageIds.indexOf(group.stage_id as number),
      number: group.number,
      rounds: data.round
        .filter((round) => round.group_id === group.id)
        .filter((round) => !needless || round.id !== needless.round_id)
        .sort((a, b) => a.number - b.number)
        .map((round) => ({
          id: round.id as number,
          number: round.number,
          matches: (matchesByRound.get(round.id as number) ?? [])
            .sort((a, b) => a.number - b.number)
            .map((match) => matchView(match, participants)),
        })),
    }));
}

/**
 * Double elimination: the second grand final (bracket reset) once the winners'-bracket finalist won
 * the first one, so nobody will play it (core/bracket.ts withoutNeedlessReset empties it); the views
 * leave its round out. Null while the reset may still be needed.
 */
export function needlessReset(data: BracketData): Match | null {
  const grandFinal = data.group.find(
    (group) => group.number === 3 && data.stage.some((stage) => stage.id === group.stage_id && stage.type === "double_elimination"),
  );
  if (!grandFinal) return null;
  const [first, reset] = data.match
    .filter((match) => match.group_id === grandFinal.id)
    .sort((a, b) => (a.round_id as number) - (b.round_id as number));
  if (!first || !reset || first.opponent1?.result !== "win") return null;
  return reset.status === MATCH_STATUS.locked && reset.opponent1?.id == null && reset.opponent2?.id == null ? reset : null;
}

/** A match both of whose teams are known and that is not decided: it can be played and reported. */
export function isPlayable(match: Match): boolean {
  return (
    (match.status === MATCH_STATUS.ready || match.status === MATCH_STATUS.running) &&
    match.opponent1?.id != null &&
    match.opponent2?.id != null
  );
}

/** The event is over when no match can still be played or become playable. */
export function isFinished(data: BracketData): boolean {
  if (data.match.length === 0) return false;
  return data.match.every(
    (match) =>
      match.status === MATCH_STATUS.completed ||
      match.status === MATCH_STATUS.archived ||
      // a bye, or the second grand final that the winner-bracket champion made unnecessary
      (match.status === MATCH_STATUS.locked &&
        (match.opponent1 === null ||
          match.opponent2 === null ||
          (match.opponent1?.id == null &&
            match.opponent2?.id == null &&
            data.match.some((m) => m.group_id === match.group_id && m.status === MATCH_STATUS.completed)))),
  );
}

/**
 * Standings. Round robin: wins, then score difference, then score for, then seed.
 * Elimination: the champion first, then by how far each team went (later elimination ranks higher;
 * a loser-bracket round counts after the winner-bracket round it follows), then seed.
 */
export function standings(data: BracketData, format: BracketFormat): StandingRow[] {
  if (format === "groups_playoffs") return groupsPlayoffsStandings(data);
  if (format === "swiss") return swissTable(data);
  const participants = [...participantsById(data).values()];
  const rows = new Map(
    participants.map((p) => [
      p.id,
      { registrationId: p.registration_id, name: p.name, rank: 0, wins: 0, losses: 0, scoreFor: 0, scoreAgainst: 0, reach: 0, third: 0 },
    ]),
  );
  // How far a team went: group by group, round by round. A single elimination's 3rd-place match is
  // not further than the semifinals: its winner only goes ahead of its loser (a quarter round).
  const thirdPlace = format === "single_elimination" ? thirdPlaceMatch(data, format) : null;
  const roundOrder = new Map<number, number>();
  for (const round of data.round) {
    const group = data.group.find((g) => g.id === round.group_id)!;
    if (round.group_id === thirdPlace?.group_id) continue;
    roundOrder.set(round.id as number, group.number * 1000 + round.number);
  }
  for (const match of data.match) {
    if (match.status !== MATCH_STATUS.completed && match.status !== MATCH_STATUS.archived) continue;
    for (const [self, other] of [
      [match.opponent1, match.opponent2],
      [match.opponent2, match.opponent1],
    ] as const) {
      if (self?.id == null || other?.id == null) continue;
      const row = rows.get(self.id as number);
      if (!row) continue;
      if (self.result === "win") row.wins++;
      if (self.result === "loss") row.losses++;
      row.scoreFor += self.score ?? 0;
      row.scoreAgainst += other.score ?? 0;
      if (match.id === thirdPlace?.id) {
        if (self.result === "win") row.third = 0.25;
        continue;
      }
      row.reach = Math.max(row.reach, roundOrder.get(match.round_id as number)! + (self.result === "win" ? 0.5 : 0));
    }
  }
  const list = [...rows.entries()];
  if (format === "round_robin") {
    list.sort(
      ([idA, a], [idB, b]) =>
        b.wins - a.wins || b.scoreFor - b.scoreAgainst - (a.scoreFor - a.scoreAgainst) || b.scoreFor - a.scoreFor || idA - idB,
    );
  } else {
    const champion = championId(data, format);
    list.sort(
      ([idA, a], [idB, b]) => Number(idB === champion) - Number(idA === champion) || b.reach + b.third - (a.reach + a.third) || idA - idB,
    );
  }
  // Shared 3rd place (no 3rd-place match): the two semifinal losers are both 3rd.
  const semifinalLoss = format === "single_elimination" && !thirdPlace ? semifinalLossReach(data, roundOrder) : null;
  const ranks = list.map((_, index) => index + 1);
  if (semifinalLoss !== null && list[2]?.[1].reach === semifinalLoss && list[3]?.[1].reach === semifinalLoss) ranks[3] = 3;
  return list.map(([, row], index) => ({
    registrationId: row.registrationId,
    name: row.name,
    rank: ranks[index]!,
    wins: row.wins,
    losses: row.losses,
    scoreFor: row.scoreFor,
    scoreAgainst: row.scoreAgainst,
  }));
}

/**
 * The group that holds the final, named rather than assumed to be the last one: double
 * elimination's grand final (its last group), else the bracket itself (group 1: a single
 * elimination's group 2 is its 3rd-place match).
 */
function finalGroup(data: BracketData, format: BracketFormat) {
  if (format === "double_elimination") return [...data.group].sort((a, b) => b.number - a.number)[0];
  return data.group.find((group) => group.number === 1);
}

/** A single elimination's (or the playoffs') 3rd-place match: the one match of its group 2; null without one. */
export function thirdPlaceMatch(data: BracketData, format: BracketFormat): Match | null {
  if (format === "groups_playoffs") {
    const playoffs = playoffStage(data);
    return playoffs ? thirdPlaceMatch(playoffs, "single_elimination") : null;
  }
  if (format !== "single_elimination") return null;
  const group = data.group.find((candidate) => candidate.number === 2);
  return group ? (data.match.find((match) => match.group_id === group.id) ?? null) : null;
}

/** The reach of a team that lost a single elimination's semifinal (the round before the final), or null in a bracket too small to have one. */
function semifinalLossReach(data: BracketData, roundOrder: Map<number, number>): number | null {
  const group = data.group.find((candidate) => candidate.number === 1);
  const rounds = data.round.filter((round) => round.group_id === group?.id).sort((a, b) => b.number - a.number);
  const semifinal = rounds[1];
  return semifinal ? (roundOrder.get(semifinal.id as number) ?? null) : null;
}

/** The participant id of the champion once the event is finished, else null. */
export function championId(data: BracketData, format: BracketFormat): number | null {
  if (format === "groups_playoffs") {
    const playoffs = playoffStage(data);
    return playoffs ? championId(playoffs, "single_elimination") : null;
  }
  if (!isFinished(data)) return null;
  if (format === "round_robin") return null;
  // The last decided match of the final's group (the final, or the grand final that was played last).
  const group = finalGroup(data, format);
  const decided = data.match
    .filter(
      (match) =>
        match.group_id === group?.id &&
        (match.status === MATCH_STATUS.completed || match.status === MATCH_STATUS.archived) &&
        match.opponent1?.id != null &&
        match.opponent2?.id != null,
    )
    .sort((a, b) => (b.round_id as number) - (a.round_id as number));
  const final = decided[0];
  if (!final) return null;
  const winner = final.opponent1?.result === "win" ? final.opponent1 : final.opponent2;
  return (winner?.id as number | undefined) ?? null;
}

/** The champion's registration and name, or null. Round robin: the leader once every match is played. */
export function champion(data: BracketData, format: BracketFormat): { registrationId: string; name: string } | null {
  if (format === "round_robin" || format === "swiss") {
    if (!isFinished(data)) return null;
    const top = standings(data, format)[0];
    return top ? { registrationId: top.registrationId, name: top.name } : null;
  }
  const id = championId(data, format);
  if (id === null) return null;
  const participant = participantsById(data).get(id);
  return participant ? { registrationId: participant.registration_id, name: participant.name } : null;
}

/** Elimination: the match is a final when it is in the last round of the final's group (the final, or the grand final); never the 3rd-place match. */
export function isFinalMatch(data: BracketData, matchId: number, format: BracketFormat): boolean {
  if (format === "groups_playoffs") {
    const playoffs = playoffStage(data);
    return playoffs ? isFinalMatch(playoffs, matchId, "single_elimination") : false;
  }
  if (format === "round_robin" || format === "swiss") return false;
  const match = data.match.find((candidate) => candidate.id === matchId);
  if (!match) return false;
  const group = finalGroup(data, format);
  if (match.group_id !== group?.id) return false;
  if (format === "double_elimination") return true;
  const rounds = data.round.filter((round) => round.group_id === group.id);
  return match.round_id === rounds.sort((a, b) => b.number - a.number)[0]?.id;
}

/** The label key of a group: winners / losers / grand final, the bracket, or a round-robin group. */
export function groupLabel(format: BracketFormat, groupNumber: number, stage = 0): { key: string; number?: number } {
  if (format === "groups_playoffs") return stage === 0 ? { key: "group", number: groupNumber } : { key: "playoffs" };
  if (format === "round_robin") return { key: "group", number: groupNumber };
  if (format === "swiss") return { key: "swiss" };
  if (format === "double_elimination") return { key: groupNumber === 1 ? "winners" : groupNumber === 2 ? "losers" : "grandFinal" };
  return { key: groupNumber === 1 ? "bracket" : "thirdPlace" };
}

/** The label key of a round: final and semi-finals by name at the end of an elimination bracket. */
export function roundLabel(
  format: BracketFormat,
  groupNumber: number,
  roundNumber: number,
  roundCount: number,
  stage = 0,
): { key: string; number?: number } {
  if ((format === "single_elimination" || (format === "groups_playoffs" && stage === 1)) && groupNumber === 1) {
    if (roundNumber === roundCount) return { key: "final" };
    if (roundNumber === roundCount - 1) return { key: "semifinal" };
  }
  return { key: "round", number: roundNumber };
}

/** Where a started event stands on its landing card: its final is being played, or it is over. */
export type EventStage = { stage: "final" } | { stage: "finished"; champion: string };

/** Brackets: "final" while a final (or grand final) has both teams and no result; "finished" with the champion. Round robin has no final. */
export function eventStage(data: BracketData, format: BracketFormat): EventStage | null {
  const winner = champion(data, format);
  if (winner) return { stage: "finished", champion: winner.name };
  if (format === "round_robin" || format === "swiss") return null;
  const finalPlaying = data.match.some((match) => isPlayable(match) && isFinalMatch(data, match.id as number, format));
  return finalPlaying ? { stage: "final" } : null;
}

/** Battle royale: the last lobby match is the final; after it, the leader of the points table is the champion. */
export function lobbyEventStage(played: number, lobbyMatches: number, leader: string | null): EventStage | null {
  if (played >= lobbyMatches) return leader ? { stage: "finished", champion: leader } : null;
  return played === lobbyMatches - 1 && played > 0 ? { stage: "final" } : null;
}

/* ───────────── Groups → playoffs: two stages in one set of rows ───────────── */

/** The rows of one stage (participants kept whole: ids are shared by both stages). */
function stageOnly(data: BracketData, stageId: number): BracketData {
  const groups = data.group.filter((group) => group.stage_id === stageId);
  const groupIds = new Set(groups.map((group) => group.id));
  return {
    participant: data.participant,
    stage: data.stage.filter((stage) => stage.id === stageId),
    group: groups,
    round: data.round.filter((round) => groupIds.has(round.group_id)),
    match: data.match.filter((match) => groupIds.has(match.group_id)),
    match_game: data.match_game.filter((game) => data.match.some((match) => match.id === game.parent_id && groupIds.has(match.group_id))),
  };
}

const stageIdsOf = (data: BracketData) => data.stage.map((stage) => stage.id as number).sort((a, b) => a - b);

/** The group stage (the first stage). */
export function groupStage(data: BracketData): BracketData {
  const [first] = stageIdsOf(data);
  return first === undefined ? data : stageOnly(data, first);
}

/** The playoffs (the second stage), or null while the groups are still being played. */
export function playoffStage(data: BracketData): BracketData | null {
  const ids = stageIdsOf(data);
  return ids.length >= 2 ? stageOnly(data, ids[1]!) : null;
}

/** Each group's round-robin table (wins, score difference, score for, seed), groups in order. */
export function groupStandings(data: BracketData): { groupNumber: number; rows: StandingRow[] }[] {
  const stage = groupStage(data);
  return [...stage.group]
    .sort((a, b) => a.number - b.number)
    .map((group) => {
      const matches = stage.match.filter((match) => match.group_id === group.id);
      const ids = new Set(matches.flatMap((match) => [match.opponent1?.id, match.opponent2?.id]).filter((id) => id != null));
      const sub: BracketData = {
        ...stage,
        participant: data.participant.filter((participant) => ids.has(participant.id)),
        group: [group],
        round: stage.round.filter((round) => round.group_id === group.id),
        match: matches,
      };
      return { groupNumber: group.number, rows: standings(sub, "round_robin") };
    });
}

/**
 * Who goes to the playoffs, as participant ids in seed order: every group's winner (group order),
 * then every runner-up… With inner-outer seeding a group's winner and runner-up start on opposite
 * sides (A1–B2 and B1–A2 with two groups).
 */
export function playoffSeeding(data: BracketData, perGroup = PLAYOFF_PER_GROUP): number[] {
  const tables = groupStandings(data);
  const byRegistration = new Map((data.participant as unknown as Participant[]).map((p) => [p.registration_id, p.id]));
  const seeds: number[] = [];
  for (let place = 0; place < perGroup; place++)
    for (const table of tables) {
      const row = table.rows[place];
      if (row) seeds.push(byRegistration.get(row.registrationId)!);
    }
  return seeds;
}

/** The group stage is over: every group match decided. */
export function groupsFinished(data: BracketData): boolean {
  const stage = groupStage(data);
  return stage.match.length > 0 && isFinished(stage);
}

/** Playoff teams by how far they went, then everyone else by their group record. */
function groupsPlayoffsStandings(data: BracketData): StandingRow[] {
  const groups = standings(groupStage(data), "round_robin");
  const playoffs = playoffStage(data);
  if (!playoffs) return groups;
  const inPlayoffs = new Set(playoffs.match.flatMap((match) => [match.opponent1?.id, match.opponent2?.id]).filter((id) => id != null));
  const playoffData = { ...playoffs, participant: data.participant.filter((participant) => inPlayoffs.has(participant.id)) };
  const top = standings(playoffData, "single_elimination");
  const topIds = new Set(top.map((row) => row.registrationId));
  // The playoffs keep their ranks (a shared 3rd place); the others follow in order.
  return [
    ...top,
    ...groups.filter((row) => !topIds.has(row.registrationId)).map((row, index) => ({ ...row, rank: top.length + index + 1 })),
  ];
}

/* ───────────── Swiss ───────────── */

/** The Swiss table (wins, Buchholz, seed) from the stored rounds; a bye counts as a win. */
function swissTable(data: BracketData): StandingRow[] {
  const participants = [...participantsById(data).values()].sort((a, b) => a.id - b.id);
  const games: SwissGame[] = data.match.map((match) => {
    const a = match.opponent1?.id as number;
    if (match.opponent2 === null) return { round: 0, a, b: null, winner: a };
    const b = match.opponent2?.id as number;
    const decided = match.status === MATCH_STATUS.completed || match.status === MATCH_STATUS.archived;
    return { round: 0, a, b, winner: decided ? (match.opponent1?.result === "win" ? a : b) : null };
  });
  const scores = new Map<number, { for: number; against: number }>();
  for (const match of data.match) {
    if (match.opponent1?.id == null || match.opponent2?.id == null) continue;
    for (const [self, other] of [
      [match.opponent1, match.opponent2],
      [match.opponent2, match.opponent1],
    ] as const) {
      const entry = scores.get(self.id as number) ?? { for: 0, against: 0 };
      entry.for += self.score ?? 0;
      entry.against += other.score ?? 0;
      scores.set(self.id as number, entry);
    }
  }
  const byId = new Map(participants.map((p) => [p.id, p]));
  return swissStandings(
    participants.map((p) => p.id),
    games,
  ).map((record, index) => ({
    registrationId: byId.get(record.id)!.registration_id,
    name: byId.get(record.id)!.name,
    rank: index + 1,
    wins: record.wins,
    losses: record.losses,
    scoreFor: scores.get(record.id)?.for ?? 0,
    scoreAgainst: scores.get(record.id)?.against ?? 0,
    buchholz: record.buchholz,
  }));
}
