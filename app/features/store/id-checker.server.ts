import { gameRules } from "~/domain/games";
import { log } from "~/lib/log.server";

export type IdCheckResult =
  { status: "valid"; username: string } | { status: "invalid"; message: string | null } | { status: "unreachable" } | { status: "skipped" };

export interface IdCheckerSettings {
  baseUrl: string;
  key?: string;
  timeoutMs?: number;
}

/**
 * SPEC §7 ID checker over HTTP: GET <base>/<game>?id=…(&server=…) with the key in a header;
 * the answer holds error, status, data.username and msg. Games it does not cover are skipped;
 * without settings every check is skipped (never a made-up "valid").
 */
export async function checkPlayerId(
  settings: IdCheckerSettings | null,
  game: string,
  id: string,
  server: string | null,
): Promise<IdCheckResult> {
  const mode = gameRules(game).idCheck;
  if (!settings || mode === "none") return { status: "skipped" };
  const url = new URL(`${settings.baseUrl.replace(/\/$/, "")}/${encodeURIComponent(game)}`);
  url.searchParams.set("id", id);
  if (mode === "id-and-server" && server) url.searchParams.set("server", server);
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
    log.warn("id checker answered something unexpected", { game, status: response.status });
    return { status: "unreachable" };
  } catch (error) {
    log.warn("id checker unreachable", { game, error: String(error) });
    return { status: "unreachable" };
  }
}
