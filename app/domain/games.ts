/**
 * Every game the platform knows, with the rules docs/product.md §9 attaches to each. Whether the
 * store checks a game's player ID, and with a zone, is the game's catalogue row (staff set it).
 */
export const GAMES = {
  "free-fire": { name: "Free Fire", playersPerTeam: 1, inStore: true },
  "blood-strike": { name: "Blood Strike", playersPerTeam: 2, inStore: true },
  "arena-breakout": { name: "Arena Breakout", playersPerTeam: 1, inStore: true },
  "mobile-legends": { name: "Mobile Legends", playersPerTeam: 5, inStore: true },
  "delta-force": { name: "Delta Force", playersPerTeam: 1, inStore: true },
  "cod-mobile": { name: "COD Mobile", playersPerTeam: 1, inStore: false },
  "wild-rift": { name: "Wild Rift", playersPerTeam: 1, inStore: false },
  "king-of-honors": { name: "Honor of Kings", playersPerTeam: 1, inStore: false },
  efootball: { name: "eFootball", playersPerTeam: 1, inStore: false },
} as const satisfies Record<string, GameRules>;

export interface GameRules {
  name: string;
  /** SPEC §9: Blood Strike 2, Mobile Legends 5, others 1 (solo). */
  playersPerTeam: number;
  /** SPEC §9: COD Mobile and Wild Rift are hidden from the store. */
  inStore: boolean;
}

export type GameId = keyof typeof GAMES;

/** SPEC §5: favourite-game options of the profile form, default cod-mobile. */
export const FAVORITE_GAMES = ["cod-mobile", "free-fire", "blood-strike", "mobile-legends", "king-of-honors"] as const;
export type FavoriteGame = (typeof FAVORITE_GAMES)[number];
export const DEFAULT_FAVORITE_GAME: FavoriteGame = "cod-mobile";

export function isGameId(value: string): value is GameId {
  return Object.hasOwn(GAMES, value);
}

export function gameRules(game: string): GameRules {
  return isGameId(game) ? GAMES[game] : { name: game, playersPerTeam: 1, inStore: false };
}

export function playersPerTeam(game: string): number {
  return gameRules(game).playersPerTeam;
}

/**
 * The team size a new event of a game starts with (staff may change it per event): Free Fire squads
 * of 4, COD Mobile 5v5; SPEC §9's sizes stay the defaults of their games (Blood Strike 2, Mobile
 * Legends 5); the rest are solo.
 */
export function usualTeamSize(game: string): number {
  if (game === "free-fire") return 4;
  if (game === "cod-mobile") return 5;
  return playersPerTeam(game);
}

/** Players per team of one event: its own size, or the game's SPEC §9 size for events made before sizes were chosen. */
export function eventTeamSize(event: { game: string; teamSize?: number | null }): number {
  return event.teamSize ?? playersPerTeam(event.game);
}

export const TEAM_SIZES = [1, 2, 3, 4, 5, 6] as const;
export const MAX_SUBSTITUTES = 3;

/** One player means solo: no team name and no player phone (SPEC §9). */
export function isSolo(game: string): boolean {
  return playersPerTeam(game) === 1;
}

/** SPEC §9: the coach field is hidden for eFootball. */
export function showsCoachField(game: string): boolean {
  return game !== "efootball";
}
