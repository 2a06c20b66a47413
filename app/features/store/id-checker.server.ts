import type { PlayerIdFlags } from "~/domain/player-id";
import { env } from "~/lib/env.server";
import { log } from "~/lib/log.server";

/** Our codes for what the checker says about an ID (store `errors.<code>`, in both languages): its own words never reach the page. */
export type IdRefusalCode = "PLAYER_NOT_FOUND" | "INVALID_SERVER" | "ZONE_REQUIRED";

export type IdCheckResult =
  | { status: "valid"; username: string }
  | { status: "invalid"; message: IdRefusalCode | null }
  | { status: "unreachable" }
  | { status: "skipped" };

/** The checker's known messages (it writes Spanish, some deployments English), lower-cased, to our codes. */
const OUTSIDE_MESSAGES: Record<string, IdRefusalCode> = {
  "jugador no encontrado": "PLAYER_NOT_FOUND",
  "player not found": "PLAYER_NOT_FOUND",
  "id o servidor incorrecto": "INVALID_SERVER",
  "wrong id or server": "INVALID_SERVER",
  "zona requerida": "ZONE_REQUIRED",
  "zone required": "ZONE_REQUIRED",
};

/** One of our codes for the checker's answer; an unknown text (or none) is the generic refusal (null), a 404 "not found". */
export function refusalCode(message: unknown, status: unknown): IdRefusalCode | null {
  const known = typeof message === "string" ? OUTSIDE_MESSAGES[message.trim().toLowerCase()] : undefined;
  if (known) return known;
  return status === 404 ? "PLAYER_NOT_FOUND" : null;
}

export interface IdCheckerSettings {
  baseUrl: string;
  key?: string;
  timeoutMs?: number;
}

/** The checker configured in the environment (ID_CHECKER_URL/KEY), or null: then every check is skipped. */
export function idCheckerSettings(): IdCheckerSettings | null {
  const config = env();
  return config.ID_CHECKER_URL
    ? { baseUrl: config.ID_CHECKER_URL, key: config.ID_CHECKER_KEY, timeoutMs: config.ID_CHECKER_TIMEOUT_MS }
    : null;
}

/**
 * SPEC §7 ID checker over HTTP: GET <base>/<game>?id=…(&server=…) with the key in a header;
 * the answer holds error, status, data.username and msg. Which games are checked, and whether
 * with a server, follows the game's catalogue row (staff switch it in /admin/catalogue); a game
 * not checked, or no settings at all, is skipped (never a made-up "valid").
 */
export async function checkPlayerId(
  settings: IdCheckerSettings | null,
  game: { id: string } & PlayerIdFlags,
  id: string,
  server: string | null,
): Promise<IdCheckResult> {
  if (!settings || !game.checksPlayerId) return { status: "skipped" };
  const url = new URL(`${settings.baseUrl.replace(/\/$/, "")}/${encodeURIComponent(game.id)}`);
  url.searchParams.set("id", id);
  if (game.hasZoneField && server) url.searchParams.set("server", server);
  try {
    const response = await fetch(url, {
      headers: { Accept: "application/json", ...(settings.key ? { "x-api-key": settings.key } : {}) },
      signal: AbortSignal.timeout(settings.timeoutMs ?? 8000),
    });
    const body = (await response.json()) as { error?: unknown; status?: unknown; data?: { username?: unknown } | null; msg?: unknown };
    const username = typeof body.data?.username === "string" ? body.data.username.trim() : "";
    if (body.error === false && username) return { status: "valid", username };
    if (body.error === true || (response.status >= 400 && response.status < 500)) {
      const code = refusalCode(body.msg, body.status);
      if (!code && typeof body.msg === "string" && body.msg.trim())
        log.info("id checker refused with a message we do not know", { game: game.id, message: body.msg.trim().slice(0, 200) });
      return { status: "invalid", message: code };
    }
    log.warn("id checker answered something unexpected", { game: game.id, status: response.status });
    return { status: "unreachable" };
  } catch (error) {
    log.warn("id checker unreachable", { game: game.id, error: String(error) });
    return { status: "unreachable" };
  }
}
