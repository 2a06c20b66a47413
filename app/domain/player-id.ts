/** The flags staff set per game in /admin/catalogue (DB columns games.checks_player_id, has_zone_field). */
export interface PlayerIdFlags {
  checksPlayerId: boolean;
  hasZoneField: boolean;
}

export type PlayerIdErrorCode = "GAMER_ID_REQUIRED" | "INVALID_SERVER" | "INVALID_PLAYER_ID";

export const MAX_PLAYER_ID_LENGTH = 40;
export const MAX_ZONE_LENGTH = 12;

export interface PlayerId {
  playerId: string;
  /** Server/zone for games that have one, else null. */
  zone: string | null;
}

/**
 * A player ID (and zone where the game has one) as typed. A game with a zone field also accepts
 * "id-zone" in the ID box (SPEC §5 splits on the hyphen); without one the zone is ignored.
 */
export function parsePlayerId(
  flags: Pick<PlayerIdFlags, "hasZoneField">,
  rawId: unknown,
  rawZone: unknown,
): { ok: true; value: PlayerId } | { ok: false; code: PlayerIdErrorCode; field: "playerId" | "zone" } {
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  let id = text(rawId);
  let zone = text(rawZone);
  if (!id) return { ok: false, code: "GAMER_ID_REQUIRED", field: "playerId" };
  if (flags.hasZoneField && !zone && id.includes("-")) {
    const parts = id.split("-").map((part) => part.trim());
    if (parts.length !== 2) return { ok: false, code: "INVALID_SERVER", field: "playerId" };
    [id, zone] = parts as [string, string];
  }
  if (!id || id.length > MAX_PLAYER_ID_LENGTH || !/^[\p{L}\p{N}._#@:+-]+$/u.test(id))
    return { ok: false, code: "INVALID_PLAYER_ID", field: "playerId" };
  if (!flags.hasZoneField) return { ok: true, value: { playerId: id, zone: null } };
  if (!zone || zone.length > MAX_ZONE_LENGTH || !/^[A-Za-z0-9]+$/.test(zone)) return { ok: false, code: "INVALID_SERVER", field: "zone" };
  return { ok: true, value: { playerId: id, zone } };
}
