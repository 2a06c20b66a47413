import type { ReactNode } from "react";
import { randomUUID } from "node:crypto";
import { redirect } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Field, Input, PhoneInput, Select, TextArea } from "~/components/ui/field";
import { userBalances } from "~/features/wallet/ledger.server";
import { buttonClass } from "~/components/ui/button";
import { GAMES } from "~/domain/games";
import { languageFromCookieHeader } from "~/domain/language";
import { getCurrentUser, requireUser } from "~/features/auth/session.server";
import { fail } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { formFields, isWellFormedId, notFoundIfNullish, readForm, typedFields } from "~/lib/http.server";
import { useTranslation } from "~/lib/i18n-react";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { withinLimit } from "~/lib/rate-limit.server";
import { useFormat } from "~/lib/use-format";
import { useRouteMessages } from "~/lib/use-route-messages";
import type { RouteHandle } from "~/root";
import { LiveBadge } from "../components/live-badge";
import { MESSAGE_MAX, parseDonationForm, parseDonationOrderForm } from "../core/donations";
import { buyDonation, donationInProgress } from "../donation-orders.server";
import { GIFT_QUANTITY_MAX, giftLabel, giftName, parseGiftOrderForm } from "../core/gifts";
import { activeGifts } from "../gifts.server";
import { parseStreamerHandle, type StreamerErrorCode } from "../core/rules";
import {
  StreamerError,
  donate,
  donationFeeBasisPoints,
  findStreamerPage,
  follow,
  recentSupporters,
  setLive,
  setSchedule,
} from "../streamers.server";
import {
  SCHEDULE_MAX,
  SCHEDULE_TITLE_MAX,
  DURATION_MAX,
  DURATION_MIN,
  WEEKDAYS,
  clockText,
  fromNext,
  parseScheduleForm,
} from "../core/schedule";
import { env } from "~/lib/env.server";
import { formatDateTime, formatMoney, formatTime } from "~/domain/format";
import { usdToVes } from "~/domain/money";
import { PAYMENT_METHOD_IDS, currencyFor, type PaymentMethod } from "~/domain/payment-methods";
import { currentExchangeRate } from "~/features/orders/exchange-rate.server";
import { parseIdempotencyKey } from "~/features/orders/core/idempotency";
import { OrderKeyReusedError, withinOrderLimit } from "~/features/orders/orders.server";
import { parsePlusPurchase } from "~/features/plus/plus-schemas";
import { membershipOf } from "~/features/plus/plus.server";
import { createI18n } from "~/lib/i18n";
import { log } from "~/lib/log.server";
import { POST_BODY_MAX, POST_TITLE_MAX, parsePostForm, parseSubscriptionPrice } from "../core/subscriptions";
import {
  buySubscription,
  postsFor,
  setSubscriptionPrice,
  subscriberCount,
  subscribersAmong,
  subscriptionInProgress,
  subscriptionOf,
  subscriptionOffer,
  writePost,
} from "../subscriptions.server";
import type { Route } from "./+types/streamer";

// A streamer's public page; follow and the streamer's own "I'm live" switch are plain forms. No React runtime (decision 002).
export const handle: RouteHandle = { hydrate: false };

export async function loader({ request, params }: Route.LoaderArgs) {
  const parsed = parseStreamerHandle(params.handle);
  const viewer = await getCurrentUser(request);
  const page = notFoundIfNullish(parsed.ok ? await findStreamerPage(db(), parsed.handle, viewer?.id ?? null) : null);
  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  const streamerId = page.streamer.id;
  const fan = viewer && !page.own ? viewer : null;
  const [supporters, feeBasisPoints, balances, offer, subscription, inProgress, subscribers, plus, rate, donationOrder, gifts] =
    await Promise.all([
      recentSupporters(db(), streamerId),
      donationFeeBasisPoints(db()),
      fan ? userBalances(db(), fan.id) : Promise.resolve(null),
      subscriptionOffer(db(), page.streamer.handle),
      fan ? subscriptionOf(db(), streamerId, fan.id) : Promise.resolve({ subscribed: false, until: null }),
      fan ? subscriptionInProgress(db(), fan.id, streamerId) : Promise.resolve(null),
      subscriberCount(db(), streamerId),
      fan ? membershipOf(db(), fan.id) : Promise.resolve(null),
      // A new deployment may not have a rate yet: subscriptions are then offered in dollars only.
      currentExchangeRate(db()).catch(() => null),
      fan ? donationInProgress(db(), fan.id, streamerId) : Promise.resolve(null),
      fan ? activeGifts(db()) : Promise.resolve([]),
    ]);
  const [posts, subscribedSupporters] = await Promise.all([
    postsFor(db(), streamerId, { own: page.own, subscribed: subscription.subscribed }),
    subscribersAmong(
      db(),
      streamerId,
      supporters.map((row) => row.userId),
    ),
  ]);
  const priceUsd = offer?.priceUsd ?? null;
  const { id: _id, schedule: slots, ...streamer } = page.streamer;
  // A slot's clock in the page's language: the minutes read as a UTC time of day, so no zone shifts them.
  const clock = (minutes: number) => formatTime(Date.UTC(2026, 0, 5, 0, minutes), language, "UTC");
  return {
    ...page,
    streamer: { ...streamer, liveSince: streamer.liveSince?.toISOString() ?? null },
    schedule: {
      // The public list, next slot first, in the platform's zone.
      upcoming: fromNext(slots, new Date(), env().TIME_ZONE).map((slot) => ({
        day: slot.day,
        title: slot.title,
        onAir: slot.onAir,
        from: clock(slot.start),
        to: clock(slot.start + slot.duration),
      })),
      // The owner's form: the stored week, Monday first, as the inputs show it.
      rows: page.own
        ? slots.map((slot) => ({ day: String(slot.day), start: clockText(slot.start), duration: String(slot.duration), title: slot.title }))
        : [],
    },
    supporters: supporters.map(({ userId, giftQuantity, giftNameEs, giftNameEn, giftIcon, ...row }) => ({
      ...row,
      gift:
        giftQuantity !== null && giftNameEs !== null && giftNameEn !== null
          ? `${giftIcon ?? ""} ${giftLabel({ nameEs: giftNameEs, nameEn: giftNameEn }, giftQuantity, language)}`.trim()
          : null,
      subscriber: subscribedSupporters.has(userId),
      createdAt: row.createdAt.toISOString(),
    })),
    subscriptions: {
      priceUsd,
      priceBs: priceUsd !== null && rate ? usdToVes(priceUsd, rate) : null,
      count: subscribers,
      subscribed: subscription.subscribed,
      until: subscription.until ? formatDateTime(subscription.until, language, env().TIME_ZONE) : null,
      inProgress,
      plusMember: plus?.member ?? false,
      key: randomUUID(),
    },
    posts: posts.map((post) => ({ ...post, createdAt: formatDateTime(post.createdAt, language, env().TIME_ZONE) })),
    saved: new URL(request.url).searchParams.get("saved"),
    feePercent: feeBasisPoints / 100,
    balances,
    // The donation form's key: posting the same form twice never moves money twice.
    donationKey: randomUUID(),
    donated: new URL(request.url).searchParams.get("donated") === "1",
    // Donations paid as an order: Pago Móvil only once there is a rate to price it in Bs.
    donationOrder: { inProgress: donationOrder, key: randomUUID(), pagoMovil: rate !== null },
    // Gifts: the catalogue's active items in the page's language, priced (the server prices the order again).
    gifts: {
      items: gifts.map((gift) => ({ id: gift.id, name: giftName(gift, language), icon: gift.icon, priceUsd: gift.priceUsd })),
      key: randomUUID(),
      quantityMax: GIFT_QUANTITY_MAX,
    },
    signedIn: viewer !== null,
    messages: loadMessages(language, ["streamers", "orders"]),
  };
}

const STATUS: Partial<Record<StreamerErrorCode, number>> = { NOT_FOUND: 404, BAD_QUANTITY: 400 };

/**
 * A fan's order to this streamer (a donation or a month's subscription): the payment method and phone
 * read, one order per form key, the rate limit, then the pay page; the same refusals for both.
 */
async function fanOrder(
  request: Request,
  form: FormData,
  context: {
    formName: "donate-order" | "gift-order" | "subscribe";
    kind: "donation" | "subscription";
    handle: string;
    userId: string;
    typed: Record<string, string>;
  },
  create: (order: {
    userId: string;
    phone: string;
    handle: string;
    method: PaymentMethod;
    exchangeRate: string;
    expiresAt: Date;
    idempotencyKey: string | null;
    t: ReturnType<typeof createI18n>["t"];
  }) => Promise<{ id: string }>,
) {
  const { formName, kind, handle, userId, typed } = context;
  const purchase = parsePlusPurchase(formFields(form));
  if (!purchase.ok) return fail(purchase.code, 400, { form: formName, field: purchase.field, typed });
  const formKey = parseIdempotencyKey(form.get("idempotencyKey"));
  const idempotencyKey = formKey ? `${kind}:${handle}:${formKey}` : null;
  if (!(await withinOrderLimit(db(), "orderCreation", userId, idempotencyKey))) return fail("RATE_LIMITED", 429, { form: formName, typed });
  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  const { t } = createI18n(language, loadMessages(language, ["streamers"]));
  try {
    const order = await create({
      userId,
      phone: purchase.phone,
      handle,
      method: purchase.method,
      exchangeRate: await currentExchangeRate(db()),
      expiresAt: new Date(Date.now() + env().ORDER_EXPIRY_MINUTES * 60_000),
      idempotencyKey,
      t,
    });
    return redirect(`/orders/${order.id}/pay/${purchase.method}`);
  } catch (error) {
    if (error instanceof StreamerError) return fail(error.code, STATUS[error.code] ?? 409, { form: formName, typed });
    if (error instanceof OrderKeyReusedError) return fail(error.code, 409, { form: formName, typed });
    log.error(`${kind} order not created`, { userId, error: String(error) });
    return fail("ORDER_FAILED", 500, { form: formName, typed });
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const parsed = parseStreamerHandle(params.handle);
  if (!parsed.ok) return fail("NOT_FOUND", 404);
  const form = await readForm(request);
  const fields = formFields(form);
  const { intent } = fields;
  if (!(await withinLimit(db(), "streamerWrite", user.id))) return fail("RATE_LIMITED", 429);
  try {
    switch (intent) {
      case "donate": {
        const typed = typedFields(form, (name) => ["amount", "message", "currency"].includes(name), 200);
        const donation = parseDonationForm(fields);
        if (!donation.ok) return fail(donation.code, 400, { field: donation.field, typed });
        if (!isWellFormedId(fields.key)) return fail("NOT_FOUND", 400);
        await donate(db(), { donorId: user.id, handle: parsed.handle, idempotencyKey: fields.key, ...donation });
        return redirect(`/streamers/${parsed.handle}?donated=1`);
      }
      case "donate-order": {
        const typed = typedFields(form, (name) => ["amount", "message", "phone", "paymentMethod"].includes(name), 200);
        const donation = parseDonationOrderForm(fields);
        if (!donation.ok) return fail(donation.code, 400, { form: "donate-order", field: donation.field, typed });
        return fanOrder(
          request,
          form,
          { formName: "donate-order", kind: "donation", handle: parsed.handle, userId: user.id, typed },
          ({ t, ...order }) =>
            buyDonation(db(), {
              ...order,
              email: user.email,
              what: { amountUsd: donation.amountUsd, label: t("streamers:orderDonate.orderLabel", { handle: parsed.handle }) },
              message: donation.message,
              public: donation.public,
            }),
        );
      }
      case "gift-order": {
        // The same order path as a donation; the price is the catalogue's, whatever the form says.
        const typed = typedFields(form, (name) => ["giftId", "quantity", "message", "phone", "paymentMethod"].includes(name), 200);
        const gift = parseGiftOrderForm(fields);
        if (!gift.ok) return fail(gift.code, 400, { form: "gift-order", field: gift.field, typed });
        const language = languageFromCookieHeader(request.headers.get("Cookie"));
        return fanOrder(
          request,
          form,
          { formName: "gift-order", kind: "donation", handle: parsed.handle, userId: user.id, typed },
          ({ t, ...order }) =>
            buyDonation(db(), {
              ...order,
              email: user.email,
              what: {
                giftId: gift.giftId,
                quantityText: gift.quantityText,
                label: (item) => t("streamers:gifts.orderLabel", { gift: giftName(item, language), handle: parsed.handle }),
              },
              message: gift.message,
              public: gift.public,
            }),
        );
      }
      case "subscribe": {
        const typed = typedFields(form, (name) => name === "phone" || name === "paymentMethod", 40);
        return fanOrder(
          request,
          form,
          { formName: "subscribe", kind: "subscription", handle: parsed.handle, userId: user.id, typed },
          ({ t, ...order }) =>
            buySubscription(db(), {
              ...order,
              email: user.email,
              label: t("streamers:subscribe.orderLabel", { handle: parsed.handle }),
            }),
        );
      }
      case "price": {
        const page = await findStreamerPage(db(), parsed.handle, user.id);
        if (!page?.own) return fail("NOT_FOUND", 404);
        const price = parseSubscriptionPrice(fields.price);
        if (!price.ok) return fail(price.code, 400, { form: "price", field: "price", typed: { price: fields.price ?? "" } });
        await setSubscriptionPrice(db(), user.id, price.cents);
        return redirect(`/streamers/${parsed.handle}?saved=price`);
      }
      case "schedule": {
        const page = await findStreamerPage(db(), parsed.handle, user.id);
        if (!page?.own) return fail("NOT_FOUND", 404);
        const typed = typedFields(form, (name) => name.startsWith("slot-"), 80);
        const schedule = parseScheduleForm(fields);
        if (!schedule.ok) return fail(schedule.code, 400, { form: "schedule", field: schedule.field, typed });
        await setSchedule(db(), user.id, schedule.slots);
        return redirect(`/streamers/${parsed.handle}?saved=schedule`);
      }
      case "post": {
        const page = await findStreamerPage(db(), parsed.handle, user.id);
        if (!page?.own) return fail("NOT_FOUND", 404);
        const typed = typedFields(form, (name) => name === "title" || name === "body", 2000);
        const written = parsePostForm(fields);
        if (!written.ok) return fail(written.code, 400, { form: "post", field: written.field, typed });
        await writePost(db(), user.id, { title: written.title, body: written.body });
        return redirect(`/streamers/${parsed.handle}?saved=post`);
      }
      case "follow":
      case "unfollow":
        await follow(db(), user.id, parsed.handle, intent === "follow");
        break;
      case "live-on":
      case "live-off": {
        // The switch is the streamer's own: it acts on the signed-in user's streamer row, and only from their page.
        const page = await findStreamerPage(db(), parsed.handle, user.id);
        if (!page?.own) return fail("NOT_FOUND", 404);
        await setLive(db(), user.id, intent === "live-on");
        break;
      }
      default:
        return fail("NOT_FOUND", 400);
    }
  } catch (error) {
    if (error instanceof StreamerError) return fail(error.code, STATUS[error.code] ?? 409);
    throw error;
  }
  return redirect(`/streamers/${parsed.handle}`);
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const name = loaderData?.streamer ? `@${loaderData.streamer.handle} · ` : "";
  return [{ title: `${name}${metaText(matches, "streamers", "page.pageTitle")} · Arena LATAM` }];
}

/** What a donation and a gift order both ask: a message, shown or not, the payer's phone and a payment method. */
function FanPaymentFields({
  form,
  testIdPrefix,
  pagoMovil,
  typed,
  refusal,
  refusedForm,
}: {
  form: string;
  testIdPrefix: string;
  pagoMovil: boolean;
  typed: Record<string, string>;
  refusal: { field?: string } | null;
  refusedForm: string | null | undefined;
}) {
  const { t } = useTranslation("streamers");
  const refused = refusedForm === form;
  return (
    <>
      <Field label={t("donate.message")}>
        <Input
          name="message"
          maxLength={MESSAGE_MAX}
          defaultValue={refused ? typed.message : undefined}
          aria-invalid={(refused && refusal?.field === "message") || undefined}
          data-testid={`${testIdPrefix}-message`}
        />
      </Field>
      <label className="inline-flex min-h-6 items-center gap-2 text-sm">
        <input type="checkbox" name="public" className="h-6 w-6" defaultChecked data-testid={`${testIdPrefix}-public`} />
        {t("donate.public")}
      </label>
      <Field label={t("orderDonate.phone")}>
        <PhoneInput
          defaultValue={refused ? typed.phone : undefined}
          aria-invalid={(refused && refusal?.field === "phone") || undefined}
          data-testid={`${testIdPrefix}-phone`}
        />
      </Field>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold">{t("orderDonate.method")}</legend>
        {PAYMENT_METHOD_IDS.filter((method) => method !== "pago_movil" || pagoMovil).map((method) => (
          <label
            key={method}
            className="flex min-h-11 flex-wrap items-center gap-3 rounded-lg border border-slate-700 px-4 py-2 has-[:checked]:border-cyan-400"
          >
            <input
              type="radio"
              name="paymentMethod"
              value={method}
              defaultChecked={refused && typed.paymentMethod === method}
              data-testid={`${testIdPrefix}-method-${method}`}
            />
            <span className="font-semibold">{t(`orders:methods.${method}`)}</span>
          </label>
        ))}
      </fieldset>
    </>
  );
}

/** A fan's paid order to the streamer (a donation or a gift): its own fields, then the message, phone and payment method. */
function FanOrderForm({
  form,
  testId,
  idempotencyKey,
  error,
  submit,
  children,
  ...payment
}: Parameters<typeof FanPaymentFields>[0] & {
  testId: string;
  idempotencyKey: string;
  error: ReactNode;
  submit: { text: string; testId: string };
  children: ReactNode;
}) {
  return (
    <form method="post" noValidate className="mt-4 flex flex-col gap-4" data-testid={testId}>
      <input type="hidden" name="intent" value={form} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {error}
      {children}
      <FanPaymentFields form={form} {...payment} />
      <button type="submit" className={buttonClass("primary", "md")} data-testid={submit.testId}>
        {submit.text}
      </button>
    </form>
  );
}

export default function StreamerPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t, i18n } = useTranslation("streamers");
  const language = i18n.language === "en" ? "en" : "es";
  const format = useFormat();
  const { streamer, entries, following, own, signedIn, supporters, balances, subscriptions, posts } = loaderData;
  const refusal = actionData && !actionData.ok ? actionData : null;
  const typed = refusal && "typed" in refusal ? (refusal.typed as Record<string, string>) : {};
  // Which form a refusal belongs to: the subscription, the price and the post forms name themselves; the donation form does not.
  const refusedForm = refusal && "form" in refusal ? (refusal.form as string) : null;
  const donationField = refusal && !refusedForm && "field" in refusal ? refusal.field : undefined;
  const formError = (form: string) =>
    refusal && refusedForm === form ? (
      <Alert tone="error" testId={`${form}-error`}>
        {t(`errors.${refusal.code}`)}
      </Alert>
    ) : null;
  // What both fan order forms (donation, gift) take from the page: the answer to them and where Pago Móvil is paid.
  const fanOrder = (form: string) => ({
    form,
    error: formError(form),
    pagoMovil: loaderData.donationOrder.pagoMovil,
    typed,
    refusal,
    refusedForm,
  });
  const priceText = subscriptions.priceUsd !== null ? formatMoney({ amount: subscriptions.priceUsd, currency: "USD" }, language) : "";
  return (
    <section className="mx-auto max-w-2xl px-4 py-12" data-testid="streamer-page">
      <h1 className="flex flex-wrap items-center gap-3 text-3xl font-extrabold break-all" data-testid="streamer-name">
        @{streamer.handle}
        {streamer.live ? <LiveBadge testId="streamer-live" /> : null}
      </h1>
      {loaderData.donated ? (
        <Alert tone="success" testId="donation-done">
          {t("donate.done", { handle: streamer.handle })}
        </Alert>
      ) : null}
      {loaderData.saved === "price" || loaderData.saved === "post" || loaderData.saved === "schedule" ? (
        <Alert tone="success" testId="streamer-saved">
          {t(loaderData.saved === "price" ? "subscribe.priceSaved" : loaderData.saved === "schedule" ? "schedule.saved" : "posts.done")}
        </Alert>
      ) : null}
      {refusal && !donationField && !refusedForm ? (
        <Alert tone="error" testId="streamer-error">
          {t(`errors.${refusal.code}`)}
        </Alert>
      ) : null}
      <p className="mt-3 flex flex-wrap gap-x-4 text-slate-300">
        <span data-testid="streamer-followers">
          {t(streamer.followers === 1 ? "page.followersOne" : "page.followers", { count: streamer.followers })}
        </span>
        <span data-testid="streamer-games-played">
          {t(streamer.gamesPlayed === 1 ? "page.gamesPlayedOne" : "page.gamesPlayed", { count: streamer.gamesPlayed })}
        </span>
        <span data-testid="streamer-subscribers">{t("subscribe.count", { count: subscriptions.count })}</span>
        {subscriptions.subscribed ? <SubscriberBadge label={t("subscribe.badge")} testId="viewer-subscriber-badge" /> : null}
      </p>
      {streamer.bio ? (
        <p className="mt-4 break-words whitespace-pre-line text-slate-200" data-testid="streamer-bio">
          {streamer.bio}
        </p>
      ) : null}

      <div className="mt-6 flex flex-wrap gap-3">
        {own ? (
          <form method="post">
            <input type="hidden" name="intent" value={streamer.live ? "live-off" : "live-on"} />
            <button type="submit" className={buttonClass(streamer.live ? "secondary" : "primary", "md")} data-testid="streamer-live-switch">
              {streamer.live ? t("page.liveOff") : t("page.liveOn")}
            </button>
          </form>
        ) : null}
        {own ? (
          <a href="/streamers/alerts" className={buttonClass("secondary", "md", "inline-flex")} data-testid="streamer-alerts-link">
            {t("page.alerts")}
          </a>
        ) : signedIn ? (
          <form method="post">
            <input type="hidden" name="intent" value={following ? "unfollow" : "follow"} />
            <button type="submit" className={buttonClass(following ? "secondary" : "primary", "md")} data-testid="streamer-follow">
              {following ? t("page.unfollow") : t("page.follow")}
            </button>
          </form>
        ) : (
          <a
            href={`/auth?redirectTo=${encodeURIComponent(`/streamers/${streamer.handle}`)}`}
            className={buttonClass("primary", "md", "inline-flex")}
            data-testid="streamer-follow-signin"
          >
            {t("page.signInToFollow")}
          </a>
        )}
      </div>

      <h2 className="mt-10 text-2xl font-extrabold">{t("page.channels")}</h2>
      <ul className="mt-4 flex flex-col gap-2" data-testid="streamer-channels">
        {streamer.channels.map((channel) => (
          <li key={channel.platform} className="flex flex-wrap items-center gap-x-3 rounded-lg border border-slate-800 px-4 py-3 text-sm">
            <span className="font-semibold">{t(`platforms.${channel.platform}`)}</span>
            <a
              href={channel.url}
              rel="noopener noreferrer nofollow"
              target="_blank"
              className="inline-flex min-h-6 items-center break-all text-cyan-300 underline"
            >
              {channel.url.replace(/^https:\/\//, "")}
            </a>
          </li>
        ))}
      </ul>

      <h2 className="mt-10 text-2xl font-extrabold">{t("page.games")}</h2>
      <p className="mt-3 text-slate-300" data-testid="streamer-games">
        {streamer.games.map((game) => GAMES[game as keyof typeof GAMES]?.name ?? game).join(" · ")}
      </p>

      <h2 className="mt-10 text-2xl font-extrabold">{t("schedule.title")}</h2>
      <p className="mt-1 text-xs text-slate-400">{t("schedule.zone")}</p>
      {loaderData.schedule.upcoming.length === 0 ? (
        <p className="mt-3 text-slate-300" data-testid="schedule-empty">
          {t("schedule.empty")}
        </p>
      ) : (
        <ol className="mt-3 flex flex-col gap-2" data-testid="schedule-list">
          {loaderData.schedule.upcoming.map((slot) => (
            <li
              key={`${slot.day}-${slot.from}`}
              className="flex flex-wrap items-baseline gap-x-3 rounded-lg border border-slate-800 px-4 py-3 text-sm"
              data-testid="schedule-slot"
            >
              <span className="font-semibold">{t(`schedule.days.${slot.day}`)}</span>
              <span>{t("schedule.range", { from: slot.from, to: slot.to })}</span>
              {slot.title ? <span className="break-all text-slate-300">{slot.title}</span> : null}
              {slot.onAir ? <span className="text-xs font-bold text-rose-300">{t("schedule.now")}</span> : null}
            </li>
          ))}
        </ol>
      )}
      {own ? (
        <ScheduleForm rows={loaderData.schedule.rows} typed={refusedForm === "schedule" ? typed : null} error={formError("schedule")} />
      ) : null}

      <section className="mt-10 rounded-xl border border-purple-500/40 p-4" aria-labelledby="subscribe-title" data-testid="subscription">
        <h2 id="subscribe-title" className="text-2xl font-extrabold">
          {t("subscribe.title")}
        </h2>
        {own ? (
          <form method="post" noValidate className="mt-4 flex flex-col gap-3" data-testid="price-form">
            <input type="hidden" name="intent" value="price" />
            {formError("price")}
            <Field label={t("subscribe.price")} hint={t("subscribe.priceHint", { fee: format.number(loaderData.feePercent) })}>
              <Input
                name="price"
                inputMode="decimal"
                maxLength={8}
                defaultValue={typed.price ?? (subscriptions.priceUsd !== null ? (subscriptions.priceUsd / 100).toFixed(2) : "")}
                aria-invalid={refusedForm === "price" || undefined}
                data-testid="price-input"
              />
            </Field>
            <button type="submit" className={buttonClass("secondary", "md")} data-testid="price-submit">
              {t("subscribe.priceSubmit")}
            </button>
          </form>
        ) : subscriptions.priceUsd === null ? (
          <p className="mt-2 text-slate-300" data-testid="subscribe-not-offered">
            {t("subscribe.notOffered")}
          </p>
        ) : (
          <>
            <p className="mt-2 text-sm text-slate-300">{t("subscribe.text", { handle: streamer.handle, price: priceText })}</p>
            {subscriptions.subscribed ? (
              <Alert tone="success" testId="subscribe-active">
                {t("subscribe.active", { date: subscriptions.until })}
              </Alert>
            ) : null}
            {subscriptions.plusMember ? (
              <p className="mt-2 text-sm text-cyan-300" data-testid="subscribe-plus-free">
                {t("subscribe.plusFree", { handle: streamer.handle })}
              </p>
            ) : null}
            {subscriptions.inProgress ? (
              <div className="mt-4 rounded-lg border border-cyan-500/50 bg-cyan-500/10 p-4" data-testid="subscribe-in-progress">
                <p className="font-semibold">{t("subscribe.inProgress", { number: subscriptions.inProgress.number })}</p>
                <a href={`/orders/${subscriptions.inProgress.id}`} className={buttonClass("primary", "md", "mt-3 inline-flex")}>
                  {t("subscribe.open")}
                </a>
              </div>
            ) : signedIn ? (
              <form method="post" noValidate className="mt-4 flex flex-col gap-4" data-testid="subscribe-form">
                <input type="hidden" name="intent" value="subscribe" />
                <input type="hidden" name="idempotencyKey" value={subscriptions.key} />
                {formError("subscribe")}
                <Field label={t("subscribe.phone")}>
                  <PhoneInput
                    defaultValue={refusedForm === "subscribe" ? typed.phone : undefined}
                    aria-invalid={(refusedForm === "subscribe" && refusal?.field === "phone") || undefined}
                    data-testid="subscribe-phone"
                  />
                </Field>
                <fieldset className="flex flex-col gap-2">
                  <legend className="mb-2 text-sm font-semibold">{t("subscribe.method")}</legend>
                  {PAYMENT_METHOD_IDS.filter((method) => method !== "pago_movil" || subscriptions.priceBs !== null).map((method) => (
                    <label
                      key={method}
                      className="flex min-h-11 flex-wrap items-center gap-3 rounded-lg border border-slate-700 px-4 py-2 has-[:checked]:border-cyan-400"
                    >
                      <input
                        type="radio"
                        name="paymentMethod"
                        value={method}
                        defaultChecked={refusedForm === "subscribe" && typed.paymentMethod === method}
                        data-testid={`subscribe-method-${method}`}
                      />
                      <span className="font-semibold">{t(`orders:methods.${method}`)}</span>
                      <span className="ml-auto text-sm text-slate-300">
                        {currencyFor(method) === "VES" && subscriptions.priceBs !== null
                          ? formatMoney({ amount: subscriptions.priceBs, currency: "VES" }, language)
                          : priceText}
                      </span>
                    </label>
                  ))}
                </fieldset>
                <button type="submit" className={buttonClass("primary", "md")} data-testid="subscribe-submit">
                  {subscriptions.subscribed ? t("subscribe.renew") : t("subscribe.submit")}
                </button>
              </form>
            ) : (
              <a
                href={`/auth?redirectTo=${encodeURIComponent(`/streamers/${streamer.handle}`)}`}
                className={buttonClass("primary", "md", "mt-4 inline-flex")}
                data-testid="subscribe-sign-in"
              >
                {t("subscribe.signIn")}
              </a>
            )}
          </>
        )}
      </section>

      <h2 className="mt-10 text-2xl font-extrabold">{t("posts.title")}</h2>
      {own ? (
        <form method="post" noValidate className="mt-4 flex flex-col gap-3 rounded-xl border border-slate-800 p-4" data-testid="post-form">
          <input type="hidden" name="intent" value="post" />
          <p className="font-semibold">{t("posts.write")}</p>
          {formError("post")}
          <Field label={t("posts.postTitle")} hint={t("posts.postTitleHint")}>
            <Input
              name="title"
              maxLength={POST_TITLE_MAX}
              defaultValue={refusedForm === "post" ? typed.title : undefined}
              aria-invalid={(refusedForm === "post" && refusal?.field === "title") || undefined}
              data-testid="post-title"
            />
          </Field>
          <Field label={t("posts.body")}>
            <TextArea
              name="body"
              rows={4}
              maxLength={POST_BODY_MAX}
              defaultValue={refusedForm === "post" ? typed.body : undefined}
              aria-invalid={(refusedForm === "post" && refusal?.field === "body") || undefined}
              data-testid="post-body"
            />
          </Field>
          <button type="submit" className={buttonClass("primary", "md")} data-testid="post-submit">
            {t("posts.submit")}
          </button>
        </form>
      ) : null}
      {posts.length === 0 ? (
        <p className="mt-3 text-slate-400">{t("posts.empty")}</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-3" data-testid="streamer-posts">
          {posts.map((post) => (
            <li key={post.id} className="rounded-lg border border-slate-800 px-4 py-3" data-testid="streamer-post">
              <h3 className="font-bold break-words">{post.title}</h3>
              <p className="text-xs text-slate-400">{post.createdAt}</p>
              {post.body !== null ? (
                <p className="mt-2 break-words whitespace-pre-line text-slate-200" data-testid="post-body-text">
                  {post.body}
                </p>
              ) : (
                <p className="mt-2 text-sm text-slate-300" data-testid="post-locked">
                  {t("posts.locked")}{" "}
                  {subscriptions.priceUsd !== null ? (
                    <a href="#subscribe-title" className="inline-flex min-h-6 items-center text-cyan-300 underline">
                      {t("posts.subscribe")}
                    </a>
                  ) : null}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}

      {balances ? (
        <section className="mt-10 rounded-xl border border-slate-800 p-4" aria-labelledby="donate-title" data-testid="donation">
          <h2 id="donate-title" className="text-2xl font-extrabold break-all">
            {t("donate.title", { handle: streamer.handle })}
          </h2>
          <p className="mt-2 text-sm text-slate-300">{t("donate.text", { fee: format.number(loaderData.feePercent) })}</p>
          <p className="mt-1 text-sm text-slate-300" data-testid="donation-balance">
            {t("donate.balance", {
              amount: `${format.money({ amount: balances.USD, currency: "USD" })} · ${format.money({ amount: balances.VES, currency: "VES" })}`,
            })}
          </p>
          <form method="post" noValidate className="mt-4 flex flex-col gap-4" data-testid="donation-form">
            <input type="hidden" name="intent" value="donate" />
            <input type="hidden" name="key" value={loaderData.donationKey} />
            <div className="flex flex-wrap gap-3">
              <Field label={t("donate.currency")} className="w-28">
                <Select name="currency" defaultValue={typed.currency ?? "USD"} data-testid="donation-currency">
                  <option value="USD">USD</option>
                  <option value="VES">Bs</option>
                </Select>
              </Field>
              <Field
                label={t("donate.amount")}
                className="min-w-0 flex-1"
                error={
                  donationField === "amount" ? <span data-testid="donation-error-amount">{t(`errors.${refusal!.code}`)}</span> : undefined
                }
              >
                <Input
                  name="amount"
                  inputMode="decimal"
                  maxLength={12}
                  defaultValue={typed.amount ?? ""}
                  aria-invalid={donationField === "amount" ? true : undefined}
                  data-testid="donation-amount"
                />
              </Field>
            </div>
            <Field
              label={t("donate.message")}
              error={
                donationField === "message" ? <span data-testid="donation-error-message">{t(`errors.${refusal!.code}`)}</span> : undefined
              }
            >
              <Input name="message" maxLength={MESSAGE_MAX} defaultValue={typed.message ?? ""} data-testid="donation-message" />
            </Field>
            <label className="inline-flex min-h-6 items-center gap-2 text-sm">
              <input type="checkbox" name="public" className="h-6 w-6" defaultChecked data-testid="donation-public" />
              {t("donate.public")}
            </label>
            <button type="submit" className={buttonClass("primary", "md")} data-testid="donation-submit">
              {t("donate.submit")}
            </button>
          </form>
        </section>
      ) : null}

      {balances ? (
        <section className="mt-6 rounded-xl border border-slate-800 p-4" aria-labelledby="donate-order-title" data-testid="donation-order">
          <h2 id="donate-order-title" className="text-xl font-extrabold">
            {t("orderDonate.title")}
          </h2>
          <p className="mt-2 text-sm text-slate-300">
            {t("orderDonate.text", { handle: streamer.handle, fee: format.number(loaderData.feePercent) })}
          </p>
          {loaderData.donationOrder.inProgress ? (
            <div className="mt-4 rounded-lg border border-cyan-500/50 bg-cyan-500/10 p-4" data-testid="donation-order-in-progress">
              <p className="font-semibold">{t("orderDonate.inProgress", { number: loaderData.donationOrder.inProgress.number })}</p>
              <a href={`/orders/${loaderData.donationOrder.inProgress.id}`} className={buttonClass("secondary", "md", "mt-3 inline-flex")}>
                {t("orderDonate.open")}
              </a>
            </div>
          ) : null}
          <FanOrderForm
            {...fanOrder("donate-order")}
            testId="donation-order-form"
            idempotencyKey={loaderData.donationOrder.key}
            submit={{ text: t("orderDonate.submit"), testId: "donation-order-submit" }}
            testIdPrefix="donation-order"
          >
            <Field label={t("orderDonate.amount")}>
              <Input
                name="amount"
                inputMode="decimal"
                maxLength={12}
                defaultValue={refusedForm === "donate-order" ? typed.amount : undefined}
                aria-invalid={(refusedForm === "donate-order" && refusal?.field === "amount") || undefined}
                data-testid="donation-order-amount"
              />
            </Field>
          </FanOrderForm>
        </section>
      ) : null}

      {balances && loaderData.gifts.items.length > 0 ? (
        <section className="mt-6 rounded-xl border border-slate-800 p-4" aria-labelledby="gift-title" data-testid="gift-order">
          <h2 id="gift-title" className="text-xl font-extrabold">
            {t("gifts.title")}
          </h2>
          <p className="mt-2 text-sm text-slate-300">
            {t("gifts.text", { handle: streamer.handle, fee: format.number(loaderData.feePercent) })}
          </p>
          <FanOrderForm
            {...fanOrder("gift-order")}
            testId="gift-order-form"
            idempotencyKey={loaderData.gifts.key}
            submit={{ text: t("gifts.submit"), testId: "gift-submit" }}
            testIdPrefix="gift"
          >
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-semibold">{t("gifts.item")}</legend>
              {loaderData.gifts.items.map((gift, index) => (
                <label
                  key={gift.id}
                  className="flex min-h-11 flex-wrap items-center gap-3 rounded-lg border border-slate-700 px-4 py-2 has-[:checked]:border-cyan-400"
                >
                  <input
                    type="radio"
                    name="giftId"
                    value={gift.id}
                    defaultChecked={refusedForm === "gift-order" ? typed.giftId === gift.id : index === 0}
                    data-testid={`gift-item-${gift.id}`}
                  />
                  <span aria-hidden="true" className="text-2xl">
                    {gift.icon}
                  </span>
                  <span className="font-semibold">{gift.name}</span>
                  <span className="ml-auto text-sm text-slate-300">{format.money({ amount: gift.priceUsd, currency: "USD" })}</span>
                </label>
              ))}
            </fieldset>
            <Field label={t("gifts.quantity")} hint={t("gifts.quantityHint", { max: loaderData.gifts.quantityMax })}>
              <Input
                name="quantity"
                type="number"
                inputMode="numeric"
                min={1}
                max={loaderData.gifts.quantityMax}
                defaultValue={refusedForm === "gift-order" ? typed.quantity : "1"}
                aria-invalid={(refusedForm === "gift-order" && refusal?.field === "quantity") || undefined}
                data-testid="gift-quantity"
              />
            </Field>
          </FanOrderForm>
        </section>
      ) : null}

      <h2 className="mt-10 text-2xl font-extrabold">{t("donate.supporters")}</h2>
      {supporters.length === 0 ? (
        <p className="mt-3 text-slate-400">{t("donate.supportersEmpty")}</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-2" data-testid="supporters">
          {supporters.map((row) => (
            <li key={row.id} className="rounded-lg border border-slate-800 px-4 py-3 text-sm" data-testid="supporter">
              <p className="flex flex-wrap gap-x-3">
                <span className="font-semibold break-all">{row.handle ? `@${row.handle}` : t("donate.anonymous")}</span>
                {row.subscriber ? <SubscriberBadge label={t("subscribe.badge")} testId="supporter-subscriber-badge" /> : null}
                {row.gift ? (
                  <span className="font-semibold text-amber-200" data-testid="supporter-gift">
                    {row.gift}
                  </span>
                ) : null}
                <span className="text-amber-300">{format.money({ amount: row.amount, currency: row.currency as "USD" | "VES" })}</span>
              </p>
              {row.message ? <p className="mt-1 break-words text-slate-300">{row.message}</p> : null}
            </li>
          ))}
        </ul>
      )}

      <h2 className="mt-10 text-2xl font-extrabold">{t("page.tournaments")}</h2>
      {entries.length === 0 ? (
        <p className="mt-3 text-slate-400">{t("page.tournamentsEmpty")}</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-2" data-testid="streamer-tournaments">
          {entries.map((entry) => (
            <li key={entry.registrationId} className="flex flex-wrap gap-x-3 rounded-lg border border-slate-800 px-4 py-3 text-sm">
              <a
                href={`/tournament?id=${entry.tournamentId}`}
                className="inline-flex min-h-6 items-center font-semibold text-cyan-300 underline"
              >
                {entry.title}
              </a>
              <span className="text-slate-400">{format.date(entry.date)}</span>
              <span className="ml-auto font-semibold">{entry.place ? t("page.place", { place: entry.place }) : t("page.noPlace")}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The subscriber's badge on the streamer's page (the viewer's own and beside subscribed supporters). */
function SubscriberBadge({ label, testId }: { label: string; testId: string }) {
  return (
    <span
      className="inline-flex items-center rounded-full bg-purple-500/20 px-2 py-0.5 text-xs font-bold text-purple-200"
      data-testid={testId}
    >
      ★ {label}
    </span>
  );
}

/**
 * The streamer's own schedule form: the stored slots and a few blank rows (a plain form, no script);
 * after a refusal, what was typed comes back. A row left without a start time is no slot.
 */
function ScheduleForm(props: {
  rows: { day: string; start: string; duration: string; title: string }[];
  typed: Record<string, string> | null;
  error: ReactNode;
}) {
  const { t } = useTranslation("streamers");
  const { typed } = props;
  const typedRows = typed ? Math.max(-1, ...Object.keys(typed).map((name) => Number(/^slot-(\d+)-/.exec(name)?.[1] ?? -1))) + 1 : 0;
  const count = Math.min(SCHEDULE_MAX, Math.max(typedRows, props.rows.length + 2, 3));
  const value = (index: number, name: "day" | "start" | "duration" | "title") =>
    typed ? (typed[`slot-${index}-${name}`] ?? "") : (props.rows[index]?.[name] ?? (name === "duration" ? "120" : ""));
  return (
    <form method="post" noValidate className="mt-4 flex flex-col gap-4 rounded-xl border border-slate-800 p-4" data-testid="schedule-form">
      <input type="hidden" name="intent" value="schedule" />
      <p className="text-sm text-slate-300">{t("schedule.formIntro", { max: SCHEDULE_MAX })}</p>
      {props.error}
      {Array.from({ length: count }, (_, index) => (
        <fieldset key={index} className="grid grid-cols-2 gap-2 border-t border-slate-800 pt-3" data-testid={`schedule-row-${index}`}>
          <legend className="sr-only">{t("schedule.slot", { number: index + 1 })}</legend>
          <Field label={t("schedule.day")}>
            <Select name={`slot-${index}-day`} defaultValue={value(index, "day") || "1"} data-testid={`schedule-day-${index}`}>
              {WEEKDAYS.map((day) => (
                <option key={day} value={day}>
                  {t(`schedule.days.${day}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t("schedule.start")}>
            <Input type="time" name={`slot-${index}-start`} defaultValue={value(index, "start")} data-testid={`schedule-start-${index}`} />
          </Field>
          <Field label={t("schedule.duration")}>
            <Input
              name={`slot-${index}-duration`}
              inputMode="numeric"
              maxLength={4}
              defaultValue={value(index, "duration")}
              aria-describedby="schedule-duration-hint"
              data-testid={`schedule-duration-${index}`}
            />
          </Field>
          <Field label={t("schedule.slotTitle")}>
            <Input
              name={`slot-${index}-title`}
              maxLength={SCHEDULE_TITLE_MAX}
              defaultValue={value(index, "title")}
              data-testid={`schedule-title-${index}`}
            />
          </Field>
        </fieldset>
      ))}
      <p id="schedule-duration-hint" className="text-xs text-slate-400">
        {t("schedule.durationHint", { min: DURATION_MIN, max: DURATION_MAX })}
      </p>
      <button type="submit" className={buttonClass("secondary", "md")} data-testid="schedule-submit">
        {t("schedule.submit")}
      </button>
    </form>
  );
}
