import { log } from "~/lib/log.server";
import type { ServiceSettings } from "./settings.server";

/**
 * The top-up provider (docs/topup-provider.md): deliver a store order's packages to a player, or say
 * why not. One request per attempt, named `<order id>-<attempt>` (the provider's idempotency key):
 * asking again about the same attempt never delivers twice.
 */
export type TopupAnswer =
  | { status: "delivered"; transactionId: string }
  | { status: "failed"; reason: string }
  | { status: "pending"; transactionId: string | null }
  | { status: "unknown" }
  | { status: "unreachable" };

function readAnswer(response: Response, body: Record<string, unknown> | null): TopupAnswer {
  const transactionId =
    typeof body?.transactionId === "string" && body.transactionId.trim() ? body.transactionId.trim().slice(0, 100) : null;
  if (response.ok && body?.status === "delivered" && transactionId) return { status: "delivered", transactionId };
  if (response.ok && body?.status === "pending") return { status: "pending", transactionId };
  if (response.status === 404 && body?.status === "unknown") return { status: "unknown" };
  if (body?.status === "failed" || (response.status >= 400 && response.status < 500 && response.status !== 401 && response.status !== 404))
    return {
      status: "failed",
      reason: typeof body?.reason === "string" && body.reason.trim() ? body.reason.trim().slice(0, 200) : `HTTP ${response.status}`,
    };
  return { status: "unreachable" };
}

async function request(
  settings: ServiceSettings,
  method: string,
  path: string,
  payload: unknown,
  timeoutMs: number,
  key?: string,
): Promise<TopupAnswer> {
  try {
    const response = await fetch(`${settings.baseUrl}${path}`, {
      method,
      headers: {
        Accept: "application/json",
        ...(payload === undefined ? {} : { "Content-Type": "application/json" }),
        ...(settings.key ? { Authorization: `Bearer ${settings.key}` } : {}),
        ...(key ? { "Idempotency-Key": key } : {}),
      },
      body: payload === undefined ? undefined : JSON.stringify(payload),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const answer = readAnswer(response, (await response.json().catch(() => null)) as Record<string, unknown> | null);
    if (answer.status === "unreachable") log.warn("top-up provider answered something unexpected", { status: response.status });
    return answer;
  } catch (error) {
    log.warn("top-up provider unreachable", { error: String(error) });
    return { status: "unreachable" };
  }
}

export interface TopupRequest {
  reference: string;
  game: string;
  playerId: string;
  zone: string | null;
  items: Array<{ sku: string; quantity: number }>;
}

export function sendTopup(settings: ServiceSettings, topup: TopupRequest, timeoutMs: number): Promise<TopupAnswer> {
  return request(settings, "POST", "/v1/topups", topup, timeoutMs, topup.reference);
}

export function topupStatus(settings: ServiceSettings, reference: string, timeoutMs: number): Promise<TopupAnswer> {
  return request(settings, "GET", `/v1/topups/${encodeURIComponent(reference)}`, undefined, timeoutMs);
}
