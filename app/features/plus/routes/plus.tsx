import { useTranslation } from "~/lib/i18n-react";
import { DataAttr, dataAttr } from "~/browser/attributes";
import { redirect } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field, PhoneInput } from "~/components/ui/field";
import { languageFromCookieHeader } from "~/domain/language";
import { usdToVes } from "~/domain/money";
import { formatMoney } from "~/domain/format";
import { PAYMENT_METHOD_IDS, currencyFor } from "~/domain/payment-methods";
import { formatDateTime } from "~/domain/format";
import { env } from "~/lib/env.server";
import { getCurrentUser, requireUser } from "~/features/auth/session.server";
import { currentExchangeRate } from "~/features/orders/exchange-rate.server";
import { parseIdempotencyKey, scopedIdempotencyKey } from "~/features/orders/core/idempotency";
import { OrderKeyReusedError, orderInProgress, withinOrderLimit } from "~/features/orders/orders.server";
import { fail, typedOf } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { formFields, readForm, typedFields } from "~/lib/http.server";
import { createI18n } from "~/lib/i18n";
import livePageScript from "~/browser/live-page?inline-script";
import { InlineScript } from "~/components/inline-script";
import { log } from "~/lib/log.server";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import type { RouteHandle } from "~/root";
import { EARLY_ACCESS_MINUTES } from "../core/membership";
import { parsePlusPurchase } from "../plus-schemas";
import { buyPlus, membershipOf, plusOffer } from "../plus.server";
import { discordRoleOf } from "../discord-role.server";
import { DiscordRoleStatus } from "../components/discord-role-status";
import type { Route } from "./+types/plus";
import { buttonClass } from "~/components/ui/button";

// Links and one form that posts: no React runtime (docs/decisions/002). the live page module (app/browser/live-page.ts) posts the
// form in place; a refusal comes back from the server with what was typed, a purchase redirects to payment.
export const handle: RouteHandle = { hydrate: false };

/**
 * What Plus gives: every benefit works, and links to where it does when it has a page of its own.
 * Where each is enforced: docs/plus.md.
 */
export const PLUS_BENEFITS = [
  { id: "earlyAccess", href: "/tournaments" },
  { id: "support", href: "/support" },
  { id: "ads" },
  { id: "badge" },
  { id: "fees", href: "/wallet" },
  { id: "subscriptions", href: "/streamers" },
  { id: "events", href: "/tournaments?plus=1" },
  { id: "create", href: "/organizations/new" },
  { id: "discord", href: "/auth/profile" },
  { id: "replays", href: "/tournaments" },
] as const;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  // A new deployment may not have a rate yet: the page still shows, priced in dollars only (no Pago Móvil).
  const [offer, rate] = await Promise.all([plusOffer(db()), currentExchangeRate(db()).catch(() => null)]);
  const [membership, inProgress] = user
    ? await Promise.all([membershipOf(db(), user.id), orderInProgress(db(), user.id, "plus")])
    : [null, null];
  return {
    // The Discord premium role: linked, granted, on its way (docs/plus.md); "off" when not configured.
    discordRole: user && membership ? await discordRoleOf(db(), user.id, membership.member) : ("off" as const),
    signedIn: Boolean(user),
    // A purchase already under way is followed, not bought again.
    inProgress,
    offer: { ...offer, priceBs: rate ? usdToVes(offer.priceUsd, rate) : null },
    membership: membership && {
      member: membership.member,
      until: membership.until ? formatDateTime(membership.until, language, env().TIME_ZONE) : null,
      periods: membership.periods.map((period) => ({
        id: period.id,
        from: formatDateTime(period.startsAt, language, env().TIME_ZONE),
        to: formatDateTime(period.endsAt, language, env().TIME_ZONE),
        source: period.orderId ? ("order" as const) : ("grant" as const),
        orderId: period.orderId,
      })),
    },
    // One key per render of the form: a retried or doubled post carries it again and gets the same order.
    idempotencyKey: crypto.randomUUID(),
    messages: loadMessages(language, ["plus", "orders"]),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const parsed = parsePlusPurchase(formFields(form));
  const typed = typedFields(form, (name) => name === "phone" || name === "paymentMethod", 40);
  if (!parsed.ok) return fail(parsed.code, 400, { field: parsed.field, typed });
  const idempotencyKey = scopedIdempotencyKey("plus", parseIdempotencyKey(form.get("idempotencyKey")));
  // A retried post (its key already made the order) does not use up the buyer's allowance.
  if (!(await withinOrderLimit(db(), "orderCreation", user.id, idempotencyKey))) return fail("RATE_LIMITED", 429, { typed });
  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  const { t } = createI18n(language, loadMessages(language, ["plus"]));
  try {
    const { months } = await plusOffer(db());
    const order = await buyPlus(db(), {
      userId: user.id,
      email: user.email,
      phone: parsed.phone,
      method: parsed.method,
      exchangeRate: await currentExchangeRate(db()),
      expiresAt: new Date(Date.now() + env().ORDER_EXPIRY_MINUTES * 60_000),
      label: t("plus:orderLabel", { count: months }),
      idempotencyKey,
    });
    return redirect(`/orders/${order.id}/pay/${parsed.method}`);
  } catch (error) {
    if (error instanceof OrderKeyReusedError) return fail(error.code, 409, { typed });
    log.error("plus order not created", { userId: user.id, error: String(error) });
    return fail("ORDER_FAILED", 500, { typed });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "plus", "pageTitle")} · Arena LATAM` }];
}

export default function PlusPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t, i18n } = useTranslation("plus");
  const language = i18n.language === "en" ? "en" : "es";
  const { offer, membership } = loaderData;
  const refusal = actionData && !actionData.ok ? actionData : null;
  const typed = typedOf(actionData);
  return (
    <>
      <section className="mx-auto max-w-4xl px-4 py-12" data-testid="plus-page" {...dataAttr(DataAttr.swap)}>
        <h1 className="text-3xl font-extrabold">{t("title")}</h1>
        <p className="mt-2 text-slate-300">{t("subtitle", { minutes: EARLY_ACCESS_MINUTES })}</p>

        {membership?.member ? (
          <Alert tone="success" testId="plus-active">
            <p className="font-semibold">{t("active", { date: membership.until })}</p>
          </Alert>
        ) : null}

        <div className="mt-8 grid gap-8 md:grid-cols-2">
          <div className="rounded-2xl border border-cyan-400/40 bg-slate-900 p-6">
            <p className="text-sm text-slate-300">{t("offer", { count: offer.months })}</p>
            <p
              className="mt-1 bg-gradient-to-r from-cyan-300 to-purple-400 bg-clip-text text-5xl font-black text-transparent"
              data-testid="plus-price"
            >
              {formatMoney({ amount: offer.priceUsd, currency: "USD" }, language)}
            </p>
            {offer.priceBs !== null ? (
              <p className="mt-1 text-sm text-slate-400">
                {t("priceBs", { amount: formatMoney({ amount: offer.priceBs, currency: "VES" }, language) })}
              </p>
            ) : null}

            {loaderData.inProgress ? (
              <div className="mt-6 rounded-lg border border-cyan-500/50 bg-cyan-500/10 p-4" data-testid="plus-in-progress">
                <p className="font-semibold">
                  {t("inProgress.title", {
                    number: loaderData.inProgress.number,
                    status: t(`orders:status.${loaderData.inProgress.status}`),
                  })}
                </p>
                <p className="mt-1 text-sm text-slate-200">
                  {t(`inProgress.${loaderData.inProgress.status === "initiated" ? "pay" : "wait"}`)}
                </p>
                <a href={`/orders/${loaderData.inProgress.id}`} className={buttonClass("primary", "md", "mt-3 inline-block")}>
                  {t("inProgress.open")}
                </a>
              </div>
            ) : loaderData.signedIn ? (
              <form
                method="post"
                noValidate
                className="mt-6 flex flex-col gap-4"
                data-testid="plus-buy"
                {...dataAttr(DataAttr.sending, t("sending"))}
              >
                <input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />
                {refusal ? (
                  <Alert tone="error" className="mt-0" testId="plus-error">
                    {t(`errors.${refusal.code}`)}
                  </Alert>
                ) : null}
                <Field label={t("phone")} hint={t("phoneHint")}>
                  <PhoneInput required defaultValue={typed.phone} aria-invalid={refusal?.field === "phone" || undefined} />
                </Field>
                <fieldset className="flex flex-col gap-2">
                  <legend className="mb-2 text-sm font-semibold">{t("method")}</legend>
                  {PAYMENT_METHOD_IDS.filter((method) => method !== "pago_movil" || offer.priceBs !== null).map((method) => (
                    <label
                      key={method}
                      className="flex items-center gap-3 rounded-lg border border-slate-700 px-4 py-3 has-[:checked]:border-cyan-400"
                    >
                      <input type="radio" name="paymentMethod" value={method} required defaultChecked={typed.paymentMethod === method} />
                      <span className="font-semibold">{t(`orders:methods.${method}`)}</span>
                      <span className="ml-auto text-sm text-slate-300">
                        {currencyFor(method) === "VES" && offer.priceBs !== null
                          ? formatMoney({ amount: offer.priceBs, currency: "VES" }, language)
                          : formatMoney({ amount: offer.priceUsd, currency: "USD" }, language)}
                      </span>
                    </label>
                  ))}
                </fieldset>
                <Button type="submit" data-testid="plus-submit">
                  {membership?.member ? t("renew", { count: offer.months }) : t("buy", { count: offer.months })}
                </Button>
              </form>
            ) : (
              <a href="/auth?redirectTo=%2Fplus" className={buttonClass("primary", "md", "mt-6 inline-block")} data-testid="plus-sign-in">
                {t("signInToBuy")}
              </a>
            )}
          </div>

          <div className="flex flex-col gap-2">
            {loaderData.signedIn ? <DiscordRoleStatus state={loaderData.discordRole} back="/plus" /> : null}
            <ul className="flex flex-col gap-2" data-testid="plus-benefits">
              {PLUS_BENEFITS.map((benefit) => (
                <li
                  key={benefit.id}
                  className="flex items-start justify-between gap-3 rounded-lg border border-slate-800 bg-arena-panel p-3 text-sm"
                >
                  {"href" in benefit ? (
                    <a href={benefit.href} className="text-cyan-300 underline" data-testid={`plus-benefit-${benefit.id}`}>
                      {t(`benefits.${benefit.id}`, { minutes: EARLY_ACCESS_MINUTES })}
                    </a>
                  ) : (
                    <span>{t(`benefits.${benefit.id}`, { minutes: EARLY_ACCESS_MINUTES })}</span>
                  )}
                </li>
              ))}
            </ul>
          </div>
        </div>

        {membership && membership.periods.length > 0 ? (
          <section className="mt-10" aria-labelledby="plus-history">
            <h2 id="plus-history" className="text-xl font-bold">
              {t("history.title")}
            </h2>
            <ul className="mt-3 flex flex-col gap-2" data-testid="plus-periods">
              {membership.periods.map((period) => (
                <li key={period.id} className="flex flex-wrap justify-between gap-2 rounded-lg border border-slate-800 p-3 text-sm">
                  <span>{t("history.range", { from: period.from, to: period.to })}</span>
                  <span className="text-slate-400">
                    {period.source === "order" && period.orderId ? (
                      <a href={`/orders/${period.orderId}`} className="text-cyan-400">
                        {t("history.order")}
                      </a>
                    ) : (
                      t("history.grant")
                    )}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <p className="mt-10 text-sm text-slate-400">
          <a href="/support" className="text-cyan-400">
            {t("supportLink")}
          </a>
        </p>
      </section>
      {/* Visitors have no form: the page is links only. */}
      {loaderData.signedIn ? <InlineScript source={livePageScript} /> : null}
    </>
  );
}
