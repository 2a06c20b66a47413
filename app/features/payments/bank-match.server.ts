import { log } from "~/lib/log.server";
import type { ServiceSettings } from "./settings.server";

/**
 * The receiving bank's credits (docs/bank-match.md): is there a Pago Móvil credit for this amount,
 * reference, paying bank or phone and date? The answer is checked again here (core/amounts.ts
 * `creditMatches`): the bank is asked, not trusted blindly.
 */
export type BankAnswer =
  | {
      status: "found";
      credit: { id: string; amount: unknown; reference: unknown; payerBank?: unknown; payerPhone?: unknown; date: unknown };
    }
  | { status: "not_found" }
  | { status: "down" };

export async function searchBankCredit(
  settings: ServiceSettings,
  query: { amount: string; reference: string; payerBank: string; payerPhone: string; date: string },
  timeoutMs: number,
): Promise<BankAnswer> {
  try {
    const response = await fetch(`${settings.baseUrl}/v1/credits/search`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        ...(settings.key ? { Authorization: `Bearer ${settings.key}` } : {}),
      },
      body: JSON.stringify({ currency: "VES", ...query }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await response.json().catch(() => null)) as { found?: unknown; credit?: Record<string, unknown> } | null;
    if (response.ok && body?.found === true && body.credit && typeof body.credit.id === "string")
      return { status: "found", credit: { ...body.credit, id: body.credit.id } as Extract<BankAnswer, { status: "found" }>["credit"] };
    if (response.ok && body?.found === false) return { status: "not_found" };
    log.warn("bank match answered something unexpected", { status: response.status });
    return { status: "down" };
  } catch (error) {
    log.warn("bank match unreachable", { error: String(error) });
    return { status: "down" };
  }
}
