import { data, redirect } from "react-router";
import { parseCheckout, type CheckoutErrorCode } from "~/domain/checkout";
import { languageFromCookieHeader } from "~/domain/language";
import { labelFor } from "~/domain/package-label";
import { isPaymentMethod } from "~/domain/payment-methods";
import { parsePlayerId, type PlayerIdFlags } from "~/domain/player-id";
import { getCurrentUser } from "~/features/auth/session.server";
import { parseIdempotencyKey, scopedIdempotencyKey, type IdempotencyErrorCode } from "~/features/orders/core/idempotency";
import { OrderKeyReusedError, withinOrderLimit } from "~/features/orders/orders.server";
import { currentExchangeRateInfo } from "~/features/orders/exchange-rate.server";
import { enabledPaymentMethods } from "~/features/orders/payment-accounts.server";
import { fail, succeed } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { readForm } from "~/lib/http.server";
import { log } from "~/lib/log.server";
import { loadMessages } from "~/lib/messages.server";
import { withinLimit } from "~/lib/rate-limit.server";
import { findStoreGame } from "./catalogue.server";
import { checkPlayerId, idCheckerSettings } from "./id-checker.server";
import { listSavedPlayerIds } from "./saved-player-ids.server";
import { createStoreOrder, lastOrderPhone, priceOnePackage } from "./store-orders.server";

export type GamePageErrorCode =
  | CheckoutErrorCode
  | IdempotencyErrorCode
  | "PACKAGE_REQUIRED"
  | "PACKAGE_GONE"
  | "METHOD_DISABLED"
  | "ID_INVALID"
  | "CHECKER_UNAVAILABLE"
  | "RATE_LIMITED"
  | "ORDER_FAILED";

/** What the buyer typed, sent back with a refusal so a page without JavaScript shows it again. */
interface Typed {
  packageId: string;
  method: string;
  playerId: string;
  zone: string;
  phone: string;
}

export type PlayerCheck =
  { status: "valid"; username: string } | { status: "skipped" } | { status: "invalid"; code: "ID_INVALID"; message: string };

/**
 * Asks the external checker about an ID when the game's row says so. A refusal carries the
 * checker's message, or the generic "ID incorrecto" / "ID o servidor incorrecto" (SPEC §8).
 */
export async function verifyPlayer(
  game: { id: string } & PlayerIdFlags,
  playerId: string,
  zone: string | null,
): Promise<PlayerCheck | { status: "unreachable" }> {
  const checked = await checkPlayerId(idCheckerSettings(), game, playerId, zone);
  if (checked.status === "invalid")
    return { status: "invalid", code: "ID_INVALID", message: checked.message ?? (game.hasZoneField ? "INVALID_SERVER" : "ID_INCORRECT") };
  return checked;
}

/** An ID as typed, checked: the answer of the page's "check" and of the script's JSON check. */
export async function checkTypedId(
  request: Request,
  game: { id: string } & PlayerIdFlags,
  rawId: string,
  rawZone: string,
): Promise<
  { ok: true; username: string | null } | { ok: false; code: GamePageErrorCode; status: number; field?: string; message?: string }
> {
  const player = parsePlayerId(game, rawId, rawZone);
  if (!player.ok) return { ok: false, code: player.code, status: 400, field: player.field };
  // Each check may call the external (paid) checker: a network gets so many per window.
  if (
    game.checksPlayerId &&
    idCheckerSettings() &&
    !(await withinLimit(db(), "playerIdCheck", request.headers.get("x-client-ip") ?? "unknown"))
  )
    return { ok: false, code: "RATE_LIMITED", status: 429 };
  const checked = await verifyPlayer(game, player.value.playerId, player.value.zone);
  if (checked.status === "unreachable") return { ok: false, code: "CHECKER_UNAVAILABLE", status: 502 };
  if (checked.status === "invalid") return { ok: false, code: checked.code, status: 400, field: "playerId", message: checked.message };
  return { ok: true, username: checked.status === "valid" ? checked.username : null };
}

/** POST /store/:gameId/check-id (the page script's check, without reloading): JSON in the one answer shape. */
export async function checkIdAction(request: Request, gameId: string) {
  const game = await findStoreGame(db(), gameId);
  if (!game) return Response.json({ ok: false, code: "NOT_FOUND" }, { status: 404 });
  const form = await readForm(request);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim().slice(0, 80) : "";
  };
  const answer = await checkTypedId(request, game, text("playerId"), text("zone"));
  if (answer.ok) return Response.json({ ok: true, username: answer.username });
  const { status, ...refusal } = answer;
  return Response.json(refusal, { status });
}

/** The game page: the game's packages, the methods on now, the rate, and (signed in) the buyer's own remembered IDs and phone. */
export async function gamePageLoader(request: Request, gameId: string) {
  const database = db();
  const game = await findStoreGame(database, gameId);
  if (!game) throw data(null, { status: 404 });
  const user = await getCurrentUser(request);
  const [methods, rate, saved, phone] = await Promise.all([
    enabledPaymentMethods(database),
    currentExchangeRateInfo(database).catch(() => null),
    user ? listSavedPlayerIds(database, user.id, game.id) : [],
    user ? lastOrderPhone(database, user.id) : null,
  ]);
  // A choice carried in the address (a remembered ID picked, or the way back from /auth) is preselected.
  const url = new URL(request.url);
  const asked = (name: string) => url.searchParams.get(name)?.trim().slice(0, 60) ?? "";
  const first = saved[0];
  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  return {
    // Each package by its name in the page's language (the tile, and the cart line it adds).
    game: {
      ...game,
      packages: game.packages.map(({ labelEn, ...item }) => ({ ...item, label: labelFor({ label: item.label, labelEn }, language) })),
    },
    methods,
    rate,
    saved,
    signedIn: Boolean(user),
    chosen: {
      packageId: game.packages.some((item) => item.id === asked("package")) ? asked("package") : "",
      method: isPaymentMethod(asked("method")) && methods.includes(asked("method") as never) ? asked("method") : "",
      playerId: asked("playerId") || first?.playerId || "",
      zone: asked("zone") || (asked("playerId") ? "" : (first?.zone ?? "")),
      phone: phone ?? "",
    },
    // One key per render of the form: a repeated "buy now" gets the order the first one created.
    idempotencyKey: crypto.randomUUID(),
    messages: loadMessages(language, ["store", "orders"]),
  };
}

/**
 * The game page's form. intent=check: the ID check (the fetcher's, or the no-JavaScript button).
 * intent=buy: one package, priced here from the catalogue (prices in the form are never read),
 * checked like the cart checkout, then the order is created and the buyer goes to its payment page.
 */
export async function gamePageAction(request: Request, gameId: string) {
  const database = db();
  const game = await findStoreGame(database, gameId);
  if (!game) throw data(null, { status: 404 });
  const form = await readForm(request);
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim().slice(0, 80) : "";
  };
  const typed: Typed = {
    packageId: field("packageId"),
    method: field("paymentMethod"),
    playerId: field("playerId"),
    zone: field("zone"),
    phone: field("phone"),
  };

  if (field("intent") === "check") {
    const answer = await checkTypedId(request, game, typed.playerId, typed.zone);
    return answer.ok
      ? succeed({ intent: "check" as const, typed, username: answer.username })
      : fail(answer.code, answer.status, { field: answer.field, message: answer.message, intent: "check", typed });
  }

  const user = await getCurrentUser(request);
  if (!user) {
    // Buying needs an account: the buyer signs in and comes back to this page with their choice.
    const back = new URLSearchParams();
    for (const [name, value] of Object.entries({
      package: typed.packageId,
      method: typed.method,
      playerId: typed.playerId,
      zone: typed.zone,
    }))
      if (value) back.set(name, value);
    const path = `/store/${game.id}${back.size ? `?${back}` : ""}`;
    throw redirect(`/auth?redirectTo=${encodeURIComponent(path)}`);
  }
  const refuse = (code: GamePageErrorCode, status = 400, extra: { field?: string; message?: string } = {}) =>
    fail(code, status, { ...extra, intent: "buy", typed });

  const player = parsePlayerId(game, typed.playerId, typed.zone);
  if (!player.ok) return refuse(player.code, 400, { field: player.field });
  if (!typed.packageId) return refuse("PACKAGE_REQUIRED", 400, { field: "packageId" });
  const priced = await priceOnePackage(database, game.id, typed.packageId);
  if (!priced.ok) return refuse("PACKAGE_GONE", 409, { field: "packageId" });
  const parsed = parseCheckout(
    game,
    { phone: typed.phone, gamerId: player.value.playerId, gameServer: player.value.zone ?? "", paymentMethod: typed.method },
    priced.totalUsd,
  );
  if (!parsed.ok) return refuse(parsed.code, 400, { field: parsed.code === "INVALID_PHONE" ? "phone" : "paymentMethod" });
  // Staff may switch a method off in the back-office: it is neither offered nor accepted.
  if (!(await enabledPaymentMethods(database)).includes(parsed.checkout.paymentMethod))
    return refuse("METHOD_DISABLED", 400, { field: "paymentMethod" });
  const checked = await verifyPlayer(game, parsed.checkout.gamerId, parsed.checkout.gameServer);
  if (checked.status === "unreachable") return refuse("CHECKER_UNAVAILABLE", 502);
  if (checked.status === "invalid") return refuse("ID_INVALID", 400, { field: "playerId", message: checked.message });
  const idempotencyKey = parseIdempotencyKey(form.get("idempotencyKey"));
  // A retried post (its key already made the order) does not use up the buyer's allowance.
  if (!(await withinOrderLimit(database, "orderCreation", user.id, scopedIdempotencyKey("store", idempotencyKey))))
    return refuse("RATE_LIMITED", 429);
  let order;
  try {
    order = await createStoreOrder(database, {
      userId: user.id,
      email: user.email,
      cart: priced,
      checkout: parsed.checkout,
      gamerName: checked.status === "valid" ? checked.username : null,
      expiresAt: new Date(Date.now() + env().ORDER_EXPIRY_MINUTES * 60_000),
      idempotencyKey,
    });
  } catch (error) {
    if (error instanceof OrderKeyReusedError) return refuse(error.code, 409);
    log.error("store order not created", { userId: user.id, error: String(error) });
    return refuse("ORDER_FAILED", 500);
  }
  throw redirect(`/orders/${order.id}/pay/${order.paymentMethod}`);
}
