import { isLanguage } from "~/domain/language";
import { eq } from "drizzle-orm";
import { tournaments } from "~/db/schema";
import type { Database } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { createI18n } from "~/lib/i18n";
import { composeMail } from "~/lib/mail.server";
import { queueMail, type MailWriter } from "~/lib/mail-outbox.server";
import { loadMessages } from "~/lib/messages.server";
import { mailWaitlistAfterCommit } from "~/features/tournaments/waitlist.server";
import { announce, notify } from "~/features/notifications/notify.server";
import { formatDateTime } from "~/domain/format";
import { isPlayable } from "./core/bracket-view";
import { captainsOf } from "./competition-reads.server";
import { claimCheckInMails, dropNoShows } from "./check-in.server";
import { loadBracket } from "./bracket-storage.server";
import { type CompetitionEvent } from "./competition-types.server";
import { remindersOwed } from "./core/match-times";
import {
  claimDueReminders,
  claimMatchReminder,
  listMatchTimes,
  listRoundTimes,
  sentReminders,
  tournamentsWithRemindersDue,
} from "./match-times.server";

type Captain = Awaited<ReturnType<typeof captainsOf>>[number];

/**
 * Queues one competition mail to a captain, in their language: `competition:mail.<key>.subject`,
 * `.heading`, `.body` (then any `extra` paragraphs of the same key) and a button to `path`
 * (labelled `.button` of the key unless `button` names another text).
 */
function queueCaptainMail(
  tx: MailWriter,
  captain: Captain,
  key: string,
  values: Record<string, string>,
  path: string,
  more: { button?: string; extra?: string[] } = {},
) {
  const language = isLanguage(captain.language ?? "") ? (captain.language as "es" | "en") : "es";
  const { t } = createI18n(language, loadMessages(language, ["competition"]));
  return queueMail(
    tx,
    `competition.${key}`,
    composeMail({
      to: captain.email,
      subject: t(`competition:mail.${key}.subject`, values),
      heading: t(`competition:mail.${key}.heading`, values),
      paragraphs: [`body`, ...(more.extra ?? [])].map((paragraph) => t(`competition:mail.${key}.${paragraph}`, values)),
      action: { label: t(more.button ?? `competition:mail.${key}.button`), url: `${env().publicUrl}${path}` },
      footer: t("competition:mail.footer"),
    }),
  );
}

/**
 * Queues the notices of a write's events (next match ready, the opponent reported, staff decided)
 * in `tx`, the write's own transaction: they exist exactly when the write does. "Ready" and "staff
 * decided" go on every channel the captain chose (app/features/notifications); "the opponent
 * reported" is a mail; a ready match is also announced on the tournament's Discord channel.
 */
export async function mailCompetitionEvents(tx: MailWriter, tournament: { id: string; title: string }, events: CompetitionEvent[]) {
  for (const event of events) {
    if (event.kind === "dispute_opened") continue; // staff see disputes on their page; captains are told the decision
    const teams = await captainsOf(tx, event.kind === "opponent_reported" ? [event.registrationId] : event.registrationIds);
    const path = `/tournaments/${encodeURIComponent(tournament.id)}/matches/${event.matchId}`;
    if (event.kind === "opponent_reported") {
      for (const captain of teams)
        await queueCaptainMail(tx, captain, "reported", { title: tournament.title, team: captain.name, opponent: "" }, path, {
          button: "competition:mail.button",
        });
      continue;
    }
    if (event.kind === "result_decided" && !event.byStaff) continue;
    const names = event.registrationIds.map((id) => teams.find((team) => team.registrationId === id)?.name ?? "");
    const kind = event.kind === "match_ready" ? "ready" : event.kind === "walkover" ? "walkover" : "staffDecided";
    await notify(
      tx,
      teams.map((captain) => ({
        recipient: captain,
        notice: { kind, tournament, team: captain.name, opponent: names.find((name) => name !== captain.name) ?? "", path },
      })),
    );
    if (kind === "ready" && names.length === 2)
      await announce(tx, tournament.id, { kind: "ready", title: tournament.title, teams: [names[0]!, names[1]!], path });
  }
}

/** The check-in invitation (by staff from the run page, or the routine when the window opens), queued in `tx` on every chosen channel. */
export async function mailCheckInOpen(tx: MailWriter, tournament: { id: string; title: string }, registrationIds: string[]) {
  const captains = await captainsOf(tx, registrationIds);
  const path = `/tournaments/${encodeURIComponent(tournament.id)}/bracket`;
  await notify(
    tx,
    captains.map((captain) => ({ recipient: captain, notice: { kind: "checkIn" as const, tournament, team: captain.name, path } })),
  );
  if (captains.length) await announce(tx, tournament.id, { kind: "checkIn", title: tournament.title, path });
}

/**
 * The room of a match, told to the two teams of that match and no one else: `registrationIds` are
 * the match's sides as `postRoom` answers them (never a tournament-wide list). Queued in `tx`.
 */
export async function noticeRoomPosted(
  tx: MailWriter,
  tournament: { id: string; title: string },
  matchId: number,
  registrationIds: string[],
  room: { roomId: string; roomPassword: string },
) {
  if (registrationIds.length > 2) throw new Error("a room is told to the two teams of its match only");
  const captains = await captainsOf(tx, registrationIds);
  const path = `/tournaments/${encodeURIComponent(tournament.id)}/matches/${matchId}`;
  await notify(
    tx,
    captains.map((captain) => ({ recipient: captain, notice: { kind: "room" as const, tournament, team: captain.name, room, path } })),
  );
}

/**
 * The check-in mail routine: when a tournament's check-in window opens, every confirmed team that
 * has not checked in is mailed once (the claim in `claimCheckInMails` is what makes it once).
 * Answers how many tournaments it mailed for.
 */
export async function sendCheckInOpenMails(db: Database, now = new Date()): Promise<number> {
  // The claim and the queued mails commit together: never claimed without its mails.
  return db.transaction(async (tx) => {
    const due = await claimCheckInMails(tx, now);
    for (const { tournament, registrationIds } of due) await mailCheckInOpen(tx, tournament, registrationIds);
    return due.length;
  });
}

/**
 * The no-show routine: when a tournament's check-in closes, its teams without a check-in are
 * released (`dropNoShows`, once) and each of their captains' mail is queued with it; then the
 * waiting list gets its "a place freed by a no-show" mails, in joining order. Answers how many
 * tournaments it dropped teams from.
 */
export async function sendNoShowMails(db: Database, now = new Date()): Promise<number> {
  // Each captain's mail is queued in the transaction that releases their team.
  const dropped = await db.transaction(async (tx) => {
    const released = (await dropNoShows(tx, now)).filter((drop) => drop.registrationIds.length > 0);
    for (const { tournament, registrationIds } of released) {
      for (const captain of await captainsOf(tx, registrationIds)) {
        const path = `/tournament?id=${encodeURIComponent(tournament.id)}`;
        await queueCaptainMail(tx, captain, "noShow", { title: tournament.title, team: captain.name }, path, { extra: ["payment"] });
      }
    }
    return released;
  });
  if (dropped.length) await mailWaitlistAfterCommit(db);
  return dropped.length;
}

/**
 * The match-reminder routine: when a match's reminder is due (core/match-times.ts: its own time, or
 * its round's), both teams get a reminder with the time, in their language and the platform's zone,
 * on every channel they chose. Rounds are still claimed (`reminded_at`, the round's flag), and each
 * match is claimed in the reminders ledger in the same transaction as its notices, so it goes once
 * across instances. A match whose teams are known only after its reminder moment (an earlier match
 * ran late) is reminded on the first run after that, if its time has not come. Answers how many
 * rounds it claimed plus how many matches it reminded outside a claimed round.
 */
export async function sendMatchReminders(db: Database, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await claimDueReminders(tx, now);
    const claimedRounds = new Set(claimed.map((round) => `${round.tournamentId}:${round.roundId}`));
    let alone = 0;
    for (const tournamentId of await tournamentsWithRemindersDue(tx, now)) {
      const [tournament] = await tx
        .select({ id: tournaments.id, title: tournaments.title })
        .from(tournaments)
        .where(eq(tournaments.id, tournamentId));
      if (!tournament) continue;
      const data = await loadBracket(tx, tournamentId);
      const owed = remindersOwed({
        matches: data.match.map((match) => ({ id: match.id as number, roundId: match.round_id as number, playable: isPlayable(match) })),
        roundTimes: await listRoundTimes(tx, tournamentId),
        matchTimes: await listMatchTimes(tx, tournamentId),
        sent: await sentReminders(tx, tournamentId),
        now,
      });
      const names = new Map(
        (data.participant as unknown as { id: number; registration_id: string }[]).map((p) => [p.id, p.registration_id]),
      );
      for (const due of owed) {
        if (!(await claimMatchReminder(tx, tournamentId, due.matchId, due.scheduledAt, now))) continue;
        if (!claimedRounds.has(`${tournamentId}:${due.roundId}`)) alone++;
        const match = data.match.find((candidate) => candidate.id === due.matchId)!;
        const registrationIds = [names.get(match.opponent1!.id as number)!, names.get(match.opponent2!.id as number)!];
        const captains = await captainsOf(tx, registrationIds);
        const path = `/tournaments/${encodeURIComponent(tournament.id)}/matches/${due.matchId}`;
        await notify(
          tx,
          captains.map((captain) => ({
            recipient: captain,
            notice: {
              kind: "reminder" as const,
              tournament,
              team: captain.name,
              opponent: captains.find((other) => other.registrationId !== captain.registrationId)?.name ?? "",
              time: formatDateTime(
                due.scheduledAt,
                isLanguage(captain.language ?? "") ? (captain.language as "es" | "en") : "es",
                env().TIME_ZONE,
              ),
              path,
            },
          })),
        );
      }
    }
    return claimed.length + alone;
  });
}
