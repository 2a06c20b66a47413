import { bundleTexts } from "~/lib/i18n";
import { useTranslation } from "~/lib/i18n-react";
import { idParam } from "~/lib/http.server";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { Field, Input, PhoneInput } from "~/components/ui/field";
import { priceWithMethod } from "~/domain/checkout";
import { isPaymentMethod as isMethod, PAYMENT_METHOD_IDS, type PaymentMethod } from "~/domain/payment-methods";
import { useFormat } from "~/lib/use-format";
import { useRouteMessages } from "~/lib/use-route-messages";
import type { RouteHandle } from "~/root";
import { gamePageAction, gamePageLoader } from "../game-page.server";
import gamePageScript from "../browser/game-page?inline-script";
import type { GameTexts } from "../browser/game-page";
import { InlineScript } from "~/components/inline-script";
import { DataAttr, dataAttr } from "~/browser/attributes";
import { currencyIcon } from "../store-art";
import type { Route } from "./+types/game";

// Plain HTML and forms that post, no React runtime (docs/decisions/002); the game module (browser/game-page.ts) adds the
// ID check as it is typed, live prices and the cart without reloads.
export const handle: RouteHandle = { cart: true, hydrate: false };

export async function loader({ request, params }: Route.LoaderArgs) {
  return gamePageLoader(request, idParam(params.gameId));
}

export async function action({ request, params }: Route.ActionArgs) {
  return gamePageAction(request, idParam(params.gameId));
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.game.name ?? ""} · Arena LATAM` }];
}

type Answer = {
  ok: boolean;
  code?: string;
  field?: string;
  message?: string;
  intent?: "check" | "buy";
  username?: string | null;
  typed?: { packageId: string; method: string; playerId: string; zone: string; phone: string };
};

function Step({ number, title, children, testId }: { number: number; title: string; children: React.ReactNode; testId: string }) {
  return (
    <section
      className="rounded-2xl border border-slate-800 bg-arena-panel p-4 sm:p-5"
      data-testid={testId}
      aria-labelledby={`${testId}-title`}
    >
      <h2 id={`${testId}-title`} className="flex items-center gap-3 text-lg font-extrabold">
        <span className="grid h-7 w-7 shrink-0 place-items-center rounded-full bg-cyan-500 text-sm font-black text-slate-950">
          {number}
        </span>
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export default function GamePage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("store");
  const format = useFormat();
  const { game, chosen } = loaderData;
  const posted = actionData as Answer | undefined;
  const typed = posted?.typed;
  const packageId = typed?.packageId ?? chosen.packageId;
  const method = typed?.method ?? chosen.method;
  const playerId = typed?.playerId ?? chosen.playerId;
  const zone = typed?.zone ?? chosen.zone;
  const methods = PAYMENT_METHOD_IDS.filter((id) => loaderData.methods.includes(id));
  const selected = game.packages.find((item) => item.id === packageId) ?? null;
  // A check answered by the server for this very page (the no-JavaScript "check" button).
  const check = posted?.intent === "check" ? posted : null;
  const idRefused = Boolean(check && !check.ok && check.code === "ID_INVALID");
  const buyError = posted?.intent === "buy" && !posted.ok ? posted : null;
  const errorText = (answer: Answer) =>
    t(`errors.${answer.code}`, { message: answer.message ? t(`errors.${answer.message}`, { defaultValue: answer.message }) : "" });
  const storeTexts = (loaderData.messages.store === undefined ? {} : bundleTexts(loaderData.messages.store)) as {
    errors?: Record<string, string>;
    checkout?: Record<string, string>;
  };
  const scriptTexts: GameTexts = {
    checking: t("checkout.verifying"),
    valid: storeTexts.checkout?.confirmPlayer ?? "{{name}}",
    unchecked: t("game.notChecked"),
    oneGame: t("toasts.oneGame"),
    added: t("toasts.added"),
    addFailed: t("toasts.addFailed"),
    errors: storeTexts.errors ?? {},
  };
  const art = game.banner ?? game.logo;
  const priceTexts = (item: (typeof game.packages)[number]) =>
    Object.fromEntries(methods.map((id) => [`${DataAttr.pricePrefix}${id}`, format.money(priceWithMethod(id, item))]));

  return (
    <div
      className="mx-auto max-w-3xl px-4 pt-6 pb-16"
      data-testid="game-page"
      {...dataAttr(DataAttr.gamePage)}
      {...dataAttr(DataAttr.game, game.id)}
      {...dataAttr(DataAttr.gameLogo, game.logo)}
      {...dataAttr(DataAttr.checksId, game.checksPlayerId)}
      {...dataAttr(DataAttr.hasZone, game.hasZoneField)}
      {...dataAttr(DataAttr.idRefused, idRefused)}
      {...dataAttr(DataAttr.idChecked, check ? `${typed?.playerId ?? ""}|${typed?.zone ?? ""}` : undefined)}
    >
      <a href="/store" className="text-sm text-cyan-400 hover:text-cyan-300">
        ← {t("game.back")}
      </a>
      <header className="relative mt-3 overflow-hidden rounded-2xl border border-slate-800 bg-slate-900">
        {art ? (
          <img src={art} alt="" width={480} height={160} className="aspect-[3/1] w-full object-cover" data-testid="game-banner" />
        ) : (
          <div className="aspect-[3/1] w-full bg-gradient-to-r from-cyan-900 to-purple-900" />
        )}
        <div className="flex items-center gap-3 p-4">
          {game.logo ? <img src={game.logo} alt="" width={48} height={48} className="h-12 w-12 rounded-xl" /> : null}
          <div>
            <h1 className="text-2xl font-black">{game.name}</h1>
            <p className="text-sm text-slate-400">{t("game.subtitle")}</p>
          </div>
        </div>
      </header>

      {buyError ? (
        <div {...dataAttr(DataAttr.buyError)}>
          <Alert tone="error" testId="buy-error">
            {errorText(buyError)}
          </Alert>
        </div>
      ) : null}

      <form method="post" className="mt-6 flex flex-col gap-5" noValidate>
        <input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />

        <Step number={1} title={t("game.step1")} testId="step-player">
          {loaderData.saved.length ? (
            <div className="mb-4">
              <p className="text-sm font-semibold text-slate-300">{t("game.savedIds")}</p>
              <ul className="mt-2 flex flex-wrap gap-2">
                {loaderData.saved.map((saved) => {
                  const active = saved.playerId === playerId && (saved.zone ?? "") === zone;
                  const query = new URLSearchParams({ playerId: saved.playerId, ...(saved.zone ? { zone: saved.zone } : {}) });
                  return (
                    <li key={`${saved.playerId}|${saved.zone ?? ""}`}>
                      <a
                        href={`?${query}`}
                        data-testid="saved-id"
                        {...dataAttr(DataAttr.savedId)}
                        {...dataAttr(DataAttr.savedPlayerId, saved.playerId)}
                        {...dataAttr(DataAttr.savedZone, saved.zone ?? "")}
                        aria-current={active || undefined}
                        className={`inline-block max-w-full truncate rounded-full border px-3 py-1.5 text-sm ${active ? "border-cyan-400 bg-cyan-500/10 text-cyan-100" : "border-slate-600 text-slate-200"}`}
                      >
                        {saved.gamerName ? `${saved.gamerName} · ` : ""}
                        {saved.playerId}
                        {saved.zone ? ` (${saved.zone})` : ""}
                      </a>
                    </li>
                  );
                })}
              </ul>
            </div>
          ) : null}
          <div className={game.hasZoneField ? "grid grid-cols-[2fr_1fr] gap-3" : ""}>
            <Field label={t("game.playerId")}>
              <Input
                name="playerId"
                defaultValue={playerId}
                autoComplete="off"
                inputMode="text"
                maxLength={60}
                aria-invalid={idRefused || buyError?.field === "playerId" || undefined}
              />
            </Field>
            {game.hasZoneField ? (
              <Field label={t("game.zone")}>
                <Input
                  name="zone"
                  defaultValue={zone}
                  autoComplete="off"
                  inputMode="numeric"
                  maxLength={12}
                  aria-invalid={buyError?.field === "zone" || undefined}
                />
              </Field>
            ) : null}
          </div>
          <p className="mt-2 text-xs text-slate-400">{game.hasZoneField ? t("game.zoneHint") : t("game.playerIdHint")}</p>
          <div className="mt-3 flex min-h-8 flex-wrap items-center gap-3" aria-live="polite">
            <span {...dataAttr(DataAttr.idStatus)} className="contents">
              {check?.ok ? (
                check.username ? (
                  <span className="text-sm font-semibold text-emerald-300" data-testid="player-name">
                    ✓ {t("checkout.confirmPlayer", { name: check.username })}
                  </span>
                ) : (
                  <span className="text-sm text-slate-300" data-testid="player-unchecked">
                    {t("game.notChecked")}
                  </span>
                )
              ) : check ? (
                <span role="alert" className="text-sm font-semibold text-rose-300" data-testid="player-error">
                  {errorText(check)}
                </span>
              ) : !game.checksPlayerId ? (
                <span className="text-sm text-slate-400" data-testid="player-unchecked">
                  {t("game.notChecked")}
                </span>
              ) : null}
            </span>
            {game.checksPlayerId ? (
              <button
                type="submit"
                name="intent"
                value="check"
                formNoValidate
                {...dataAttr(DataAttr.checkButton)}
                className={buttonClass("secondary", "sm", "focus:not-sr-only")}
              >
                {t("game.checkId")}
              </button>
            ) : null}
          </div>
        </Step>

        <Step number={2} title={t("game.step2")} testId="step-package">
          <div role="radiogroup" aria-label={t("game.step2")} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {game.packages.map((item) => (
              <label
                key={item.id}
                data-testid="package"
                data-package={item.id}
                className="relative flex cursor-pointer flex-col rounded-xl border border-slate-700 bg-slate-900/60 p-3 has-[:checked]:border-cyan-400 has-[:checked]:bg-cyan-500/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-cyan-400"
              >
                <input
                  type="radio"
                  name="packageId"
                  value={item.id}
                  defaultChecked={packageId === item.id}
                  {...dataAttr(DataAttr.packageName, item.label)}
                  {...dataAttr(DataAttr.packageUsd, item.priceUsd)}
                  {...dataAttr(DataAttr.packageBs, item.priceBs)}
                  {...priceTexts(item)}
                  className="sr-only"
                />
                <span className="flex items-center gap-2">
                  <img src={currencyIcon(game.id)} alt="" width={24} height={24} className="h-6 w-6 shrink-0" />
                  <span className="min-w-0 text-sm leading-tight font-bold">{item.label}</span>
                </span>
                {item.bonus > 0 ? (
                  <span
                    className="mt-1 w-fit rounded bg-amber-400/15 px-1.5 py-0.5 text-xs font-semibold text-amber-200"
                    data-testid="bonus"
                  >
                    {t("game.bonus", { count: item.bonus })}
                  </span>
                ) : null}
                <span className="mt-2 font-bold text-cyan-300" data-testid="price-usd">
                  {format.money({ amount: item.priceUsd, currency: "USD" })}
                </span>
                <span className="text-xs text-slate-400" data-testid="price-bs">
                  {format.money({ amount: item.priceBs, currency: "VES" })}
                </span>
              </label>
            ))}
          </div>
        </Step>

        <Step number={3} title={t("game.step3")} testId="step-method">
          {methods.length === 0 ? <p className="text-slate-400">{t("game.noMethods")}</p> : null}
          <div role="radiogroup" aria-label={t("game.step3")} className="flex flex-col gap-2">
            {methods.map((id: PaymentMethod) => {
              const price = selected ? priceWithMethod(id, selected) : null;
              return (
                <label
                  key={id}
                  data-testid="method"
                  data-method={id}
                  className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-slate-700 px-4 py-3 has-[:checked]:border-cyan-400 has-[:checked]:bg-cyan-500/10"
                >
                  <input type="radio" name="paymentMethod" value={id} defaultChecked={method === id} />
                  <span className="font-semibold">{t(`orders:methods.${id}`)}</span>
                  <span
                    className="ml-auto font-bold text-cyan-200"
                    data-testid="method-price"
                    {...dataAttr(DataAttr.methodPrice, id)}
                    {...dataAttr(DataAttr.methodPriceEmpty, id === "pago_movil" ? t("game.inBs") : t("game.inUsd"))}
                  >
                    {price ? format.money(price) : id === "pago_movil" ? t("game.inBs") : t("game.inUsd")}
                  </span>
                  {id === "pago_movil" && loaderData.rate ? (
                    <span className="w-full text-xs text-slate-400" data-testid="store-rate">
                      {loaderData.rate.effectiveOn
                        ? t("rateOfDay", { rate: format.rate(loaderData.rate.rate), date: format.date(loaderData.rate.effectiveOn) })
                        : t("rateOfDayUndated", { rate: format.rate(loaderData.rate.rate) })}
                    </span>
                  ) : null}
                </label>
              );
            })}
          </div>
        </Step>

        <Step number={4} title={t("game.step4")} testId="step-buy">
          <Field label={t("checkout.phone")} hint={t("checkout.phoneHint")}>
            <PhoneInput defaultValue={typed?.phone ?? chosen.phone} aria-invalid={buyError?.field === "phone" || undefined} />
          </Field>
          <div className={selected && isMethod(method) ? "" : "hidden"} {...dataAttr(DataAttr.total)}>
            <p className="mt-4 flex justify-between gap-3 text-lg font-bold" data-testid="buy-total">
              <span>{t("game.total")}</span>
              <span {...dataAttr(DataAttr.totalAmount)}>
                {selected && isMethod(method) ? format.money(priceWithMethod(method, selected)) : ""}
              </span>
            </p>
          </div>
          {!loaderData.signedIn ? <p className="mt-3 text-sm text-slate-400">{t("game.signInToBuy")}</p> : null}
          <div className="mt-4 flex flex-col gap-3 sm:flex-row">
            <button
              type="submit"
              name="intent"
              value="buy"
              disabled={idRefused}
              {...dataAttr(DataAttr.buy)}
              className={buttonClass("primary", "md", "flex-1 disabled:cursor-not-allowed disabled:opacity-60")}
              data-testid="buy-now"
            >
              {t("game.buyNow")}
            </button>
            {/* The cart lives in the browser: until the page's script runs, this is visibly not ready. */}
            <button
              type="button"
              disabled
              {...dataAttr(DataAttr.addToCart)}
              {...dataAttr(DataAttr.addToCartLabel, t("game.addToCart"))}
              className={buttonClass("secondary", "md", "disabled:cursor-wait disabled:opacity-60")}
              data-testid="add-to-cart"
            >
              {t("loading")}
            </button>
          </div>
          <p className="mt-3 text-sm" {...dataAttr(DataAttr.cartNote)} aria-live="polite" />
          <p className="mt-1 hidden" {...dataAttr(DataAttr.goToCart)}>
            <a href="/store/cart" className={buttonClass("link", "none", "text-sm")} data-testid="go-to-cart">
              {t("game.goToCart")}
            </a>
          </p>
        </Step>
      </form>
      <script
        type="application/json"
        id="game-texts"
        dangerouslySetInnerHTML={{ __html: JSON.stringify(scriptTexts).replace(/</g, "\\u003c") }}
      />
      <InlineScript source={gamePageScript} />
    </div>
  );
}
