import { showsCoachField } from "~/domain/games";
import { checkStarters } from "./rules";

export interface EntryMember {
  userId: string;
  name: string;
  ign: string;
  role: string;
}

/**
 * The registration form's fields for entering a lasting team (docs/teams.md): the team's name, the
 * picked starters first (in the order of the roster), then substitutes from the rest of the roster up
 * to what the event takes, the coach's in-game name where the game has one. The result goes through
 * the same `parseRegistration` as a form typed by hand, so the snapshot is checked the same way.
 */
export function teamEntryFields(
  team: { name: string; game: string },
  roster: readonly EntryMember[],
  picked: readonly string[],
  event: { size: number; substitutes: number },
  contact: { phone: string; paymentMethod: string },
): { ok: true; fields: Record<string, string>; playerUserIds: string[] } | { ok: false; code: "WRONG_STARTER_COUNT" | "NOT_A_MEMBER" } {
  const checked = checkStarters(
    roster.map((member) => ({ userId: member.userId, role: member.role === "coach" ? "coach" : "starter" })),
    picked,
    event.size,
  );
  if (!checked.ok) return checked;
  const chosen = new Set(checked.starters);
  const players = roster.filter((member) => member.role !== "coach");
  const starters = players.filter((member) => chosen.has(member.userId));
  const substitutes = players
    .filter((member) => !chosen.has(member.userId))
    .sort((a, b) => Number(b.role === "substitute") - Number(a.role === "substitute"))
    .slice(0, event.substitutes);
  const coach = roster.find((member) => member.role === "coach");
  const fields: Record<string, string> = { teamName: team.name, phone: contact.phone, paymentMethod: contact.paymentMethod };
  if (coach && showsCoachField(team.game)) fields.coachName = coach.ign;
  const entered = [...starters, ...substitutes];
  entered.forEach((member, index) => {
    fields[`player${index + 1}Name`] = member.name || member.ign;
    fields[`player${index + 1}Ign`] = member.ign;
  });
  // The registrant's phone is the first player's, as on the typed form.
  fields.player1Phone = contact.phone;
  return { ok: true, fields, playerUserIds: entered.map((member) => member.userId) };
}
