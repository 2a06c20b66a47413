/**
 * The audit log read as sentences ("staff@… aprobó la orden #4"): which sentence an action is
 * told with, and what its subject links to. Pure: the page turns the key into text.
 */

/** Actions with a sentence of their own (admin `audit.sentences.<action>`); others use "other". */
export const SENTENCE_ACTIONS = [
  "order.approve",
  "order.reject",
  "order.fulfil",
  "order.refund",
  "order.cancel",
  "tournament.create",
  "tournament.update",
  "tournament.duplicate",
  "tournament.publish",
  "tournament.unpublish",
  "tournament.cancel",
  "registration.remove",
  "registration.release",
  "registration.no_show",
  "user.grant_staff",
  "user.revoke_staff",
  "game.update",
  "package.create",
  "package.update",
  "exchange_rate.set",
  "payment_account.save",
  "mail.resend",
  // What the machines did (actor null: "the system"; docs/payments.md).
  "order.auto_approve",
  "order.auto_deliver",
  "order.delivery_failed",
  "order.delivery_retry",
  "order.payment_mismatch",
  "order.bank_no_match",
  "order.bank_down",
  "support.reply",
  // Organizations (docs/organizations.md "Audit") and their prize pools.
  "organization.create",
  "organization.update",
  "organization.member_add",
  "organization.member_role",
  "organization.member_remove",
  "organization.player_ban",
  "organization.player_unban",
  "organization.ban",
  "organization.unban",
  "organization.organizer_grant",
  "organization.organizer_revoke",
  "organization.revoke",
  "organization.reinstate",
  "organization.logo_set",
  "organization.logo_remove",
  "organization.invite_create",
  "organization.invite_revoke",
  "organization.invite_accept",
  "organization.discord_webhook",
  "prize_pool.freeze",
  "prize_pool.unfreeze",
  "prize_pool.commission_set",
] as const;

export function sentenceKey(action: string): string {
  return (SENTENCE_ACTIONS as readonly string[]).includes(action) ? `audit.sentences.${action}` : "audit.sentences.other";
}

/** What the log row is about, with the names the page shows for it (found beside the row). */
export interface AuditSubject {
  entity: string;
  entityId: string | null;
  orderNumber: number | null;
  tournamentTitle: string | null;
  teamName: string | null;
  registrationTournamentId: string | null;
  userEmail: string | null;
  organizationName?: string | null;
  organizationSlug?: string | null;
  /** The row's "after", for subjects told by their new value (a setting). */
  after?: unknown;
}

/** The subject's words in the sentence, and the page it links to (null: nothing to open). */
export function auditTarget(subject: AuditSubject): { label: string; to: string | null } {
  const id = subject.entityId ?? "";
  const path = encodeURIComponent(id);
  switch (subject.entity) {
    case "order":
      return { label: subject.orderNumber === null ? id : `#${subject.orderNumber}`, to: id ? `/admin/orders/${path}` : null };
    case "tournament":
      return { label: subject.tournamentTitle ?? id, to: id ? `/admin/tournaments/${path}` : null };
    case "registration":
      return {
        label: subject.teamName ?? id,
        to: subject.registrationTournamentId
          ? `/admin/tournaments/${encodeURIComponent(subject.registrationTournamentId)}/registrations`
          : null,
      };
    case "user":
      return { label: subject.userEmail ?? id, to: id ? `/admin/users/${path}` : null };
    case "game":
      return { label: id, to: id ? `/admin/catalogue/${path}` : null };
    case "package":
      return { label: id, to: "/admin/catalogue" };
    case "exchange_rate":
      return { label: id, to: "/admin/exchange-rate" };
    case "payment_account":
      return { label: id, to: "/admin/payment-methods" };
    case "mail":
      return { label: id, to: "/admin/mail" };
    case "support":
      return { label: id, to: "/admin/support?status=done" };
    case "organization":
      return {
        label: subject.organizationName ?? id,
        to: subject.organizationSlug ? `/organizations/${encodeURIComponent(subject.organizationSlug)}/manage` : null,
      };
    case "setting": {
      const percent = (subject.after as { percent?: unknown } | null | undefined)?.percent;
      return id === "prize_pool_commission_percent"
        ? { label: typeof percent === "number" ? `${percent} %` : id, to: "/admin/organizations" }
        : { label: id, to: null };
    }
    default:
      return { label: id, to: null };
  }
}

/** Splits a translated sentence around its subject's marker, so the subject can be a link. */
export const TARGET_MARK = "\u2063TARGET\u2063";
export function splitSentence(text: string): [string, string] | null {
  const at = text.indexOf(TARGET_MARK);
  return at < 0 ? null : [text.slice(0, at), text.slice(at + TARGET_MARK.length)];
}
