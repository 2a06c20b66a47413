import { isLanguage } from "~/domain/language";
import type { Database } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { createI18n } from "~/lib/i18n";
import { log } from "~/lib/log.server";
import { composeMail, mailer } from "~/lib/mail.server";
import { loadMessages } from "~/lib/messages.server";
import { mailWaitlistAfterCommit } from "~/features/tournaments/waitlist.server";
import { captainsOf, claimCheckInMails, dropNoShows, type CompetitionEvent } from "./competition.server";

type Captain = Awaited<ReturnType<typeof captainsOf>>[number];

/**
 * One competition mail to a captain, in their language: `competition:mail.<key>.subject`,
 * `.heading`, `.body` (then any `extra` paragraphs of the same key) and a button to `path`
 * (labelled `.button` of the key unless `button` names another text).
 */
function captainMail(
  captain: Captain,
  key: string,
  values: Record<string, string>,
  path: string,
  more: { button?: string; extra?: string[] } = {},
) {
  const language = isLanguage(captain.language ?? "") ? (captain.language as "es" | "en") : "es";
  const { t } = createI18n(language, loadMessages(language, ["competition"]));
  return composeMail({
    to: captain.email,
    subject: t(`competition:mail.${key}.subject`, values),
    heading: t(`competition:mail.${key}.heading`, values),
    paragraphs: [`body`, ...(more.extra ?? [])].map((paragraph) => t(`competition:mail.${key}.${paragraph}`, values)),
    action: { label: t(more.button ?? `competition:mail.${key}.button`), url: `${env().publicUrl}${path}` },
    footer: t("competition:mail.footer"),
  });
}

/**
 * Mails after a write has committed (never inside it): next match ready, the opponent reported,
 * staff decided. A mail that cannot leave is logged and changes nothing.
 */
export async function mailCompetitionEvents(db: Database, tournament: { id: string; title: string }, events: CompetitionEvent[]) {
  for (const event of events) {
    try {
      const teams = await captainsOf(db, event.kind === "opponent_reported" ? [event.registrationId] : event.registrationIds);
      const names =
        event.kind === "opponent_reported"
          ? []
          : event.registrationIds.map((id) => teams.find((team) => team.registrationId === id)?.name ?? "");
      for (const captain of teams) {
        if (event.kind === "dispute_opened") continue; // staff see disputes on their page; captains are mailed the decision
        const opponent = names.find((name) => name !== captain.name) ?? "";
        const key =
          event.kind === "match_ready" ? "ready" : event.kind === "opponent_reported" ? "reported" : event.byStaff ? "staffDecided" : null;
        if (!key) continue;
        const path = `/tournaments/${encodeURIComponent(tournament.id)}/matches/${event.matchId}`;
        await mailer().send(
          captainMail(captain, key, { title: tournament.title, team: captain.name, opponent }, path, { button: "competition:mail.button" }),
        );
      }
    } catch (error) {
      log.error("competition mail not sent", { tournamentId: tournament.id, event: event.kind, error: String(error) });
    }
  }
}

/** The check-in invitation: sent by staff from the run page when the window opens. */
export async function mailCheckInOpen(db: Database, tournament: { id: string; title: string }, registrationIds: string[]) {
  const captains = await captainsOf(db, registrationIds);
  for (const captain of captains) {
    try {
      const path = `/tournaments/${encodeURIComponent(tournament.id)}/bracket`;
      await mailer().send(captainMail(captain, "checkIn", { title: tournament.title, team: captain.name }, path));
    } catch (error) {
      log.error("check-in mail not sent", { tournamentId: tournament.id, error: String(error) });
    }
  }
}

/**
 * The check-in mail routine: when a tournament's check-in window opens, every confirmed team that
 * has not checked in is mailed once (the claim in `claimCheckInMails` is what makes it once).
 * Answers how many tournaments it mailed for.
 */
export async function sendCheckInOpenMails(db: Database, now = new Date()): Promise<number> {
  const due = await claimCheckInMails(db, now);
  for (const { tournament, registrationIds } of due) await mailCheckInOpen(db, tournament, registrationIds);
  return due.length;
}

/**
 * The no-show routine: when a tournament's check-in closes, its teams without a check-in are
 * released (`dropNoShows`, once); after the commit each of their captains is told why, and the
 * waiting list gets its "a place freed by a no-show" mails, in joining order. Answers how many
 * tournaments it dropped teams from.
 */
export async function sendNoShowMails(db: Database, now = new Date()): Promise<number> {
  const dropped = (await dropNoShows(db, now)).filter((drop) => drop.registrationIds.length > 0);
  for (const { tournament, registrationIds } of dropped) {
    for (const captain of await captainsOf(db, registrationIds)) {
      try {
        const path = `/tournament?id=${encodeURIComponent(tournament.id)}`;
        await mailer().send(captainMail(captain, "noShow", { title: tournament.title, team: captain.name }, path, { extra: ["payment"] }));
      } catch (error) {
        log.error("no-show mail not sent", { tournamentId: tournament.id, error: String(error) });
      }
    }
  }
  if (dropped.length) await mailWaitlistAfterCommit(db);
  return dropped.length;
}
