import type { PlayerIdFlags } from "~/domain/player-id";
import { env } from "~/lib/env.server";
import { log } from "~/lib/log.server";

export type IdCheckResult =
  { status: "valid"; username: string } | { status: "invalid"; message: string | null } | { status: "unreachable" } | { status: "skipped" };

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
      return { status: "invalid", message: typeof body.msg === "string" && body.msg.trim() ? body.msg.trim().slice(0, 200) : null };
    }
    log.warn("id checker answered something unexpected", { game: game.id, status: response.status });
    return { status: "unreachable" };
  } catch (error) {
    log.warn("id checker unreachable", { game: game.id, error: String(error) });
    return { status: "unreachable" };
  }
}
