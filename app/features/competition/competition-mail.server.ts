import { isLanguage } from "~/domain/language";
import type { Database } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { createI18n } from "~/lib/i18n";
import { composeMail } from "~/lib/mail.server";
import { queueMail, type MailWriter } from "~/lib/mail-outbox.server";
import { loadMessages } from "~/lib/messages.server";
import { mailWaitlistAfterCommit } from "~/features/tournaments/waitlist.server";
import { captainsOf, claimCheckInMails, dropNoShows, type CompetitionEvent } from "./competition.server";

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
 * Queues the mails of a write's events (next match ready, the opponent reported, staff decided)
 * in `tx`, the write's own transaction: they exist exactly when the write does.
 */
export async function mailCompetitionEvents(tx: MailWriter, tournament: { id: string; title: string }, events: CompetitionEvent[]) {
  for (const event of events) {
    const teams = await captainsOf(tx, event.kind === "opponent_reported" ? [event.registrationId] : event.registrationIds);
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
      await queueCaptainMail(tx, captain, key, { title: tournament.title, team: captain.name, opponent }, path, {
        button: "competition:mail.button",
      });
    }
  }
}

/** The check-in invitation (by staff from the run page, or the routine when the window opens), queued in `tx`. */
export async function mailCheckInOpen(tx: MailWriter, tournament: { id: string; title: string }, registrationIds: string[]) {
  const captains = await captainsOf(tx, registrationIds);
  for (const captain of captains) {
    const path = `/tournaments/${encodeURIComponent(tournament.id)}/bracket`;
    await queueCaptainMail(tx, captain, "checkIn", { title: tournament.title, team: captain.name }, path);
  }
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
