/**
 * What a player's public profile shows (docs/teams.md: "what is shown publicly is the player's choice; phone
 * and e-mail never are"). Teams and tournaments are shown unless the player hides them; store IDs are
 * hidden until the player picks each one (an ID saved at the store may be a friend's they bought for).
 */
export interface ProfileChoices {
  showsTeams: boolean;
  showsTournaments: boolean;
  /** saved_player_ids.id of the store IDs to list on the profile. */
  shownIds: number[];
}

export type ProfileChoicesError = "BAD_PROFILE_CHOICE";

/** Most IDs one form may pick: more than a player can have listed is a forged form. */
export const MAX_SHOWN_IDS = 30;

const checked = (value: string | undefined) => value === "on" || value === "1" || value === "true";

/** The settings form: two checkboxes and the picked IDs (`showId`, repeated). Anything else is refused whole. */
export function parseProfileChoices(
  fields: { showsTeams?: string; showsTournaments?: string },
  picked: readonly string[],
): { ok: true; choices: ProfileChoices } | { ok: false; code: ProfileChoicesError } {
  if (picked.length > MAX_SHOWN_IDS) return { ok: false, code: "BAD_PROFILE_CHOICE" };
  const ids = new Set<number>();
  for (const raw of picked) {
    if (!/^[1-9]\d{0,8}$/.test(raw)) return { ok: false, code: "BAD_PROFILE_CHOICE" };
    ids.add(Number(raw));
  }
  return {
    ok: true,
    choices: { showsTeams: checked(fields.showsTeams), showsTournaments: checked(fields.showsTournaments), shownIds: [...ids] },
  };
}
