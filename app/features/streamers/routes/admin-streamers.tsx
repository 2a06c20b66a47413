import { Form, Link } from "react-router";
import { GAMES } from "~/domain/games";
import { isCurrency } from "~/features/wallet/core/accounts";
import { useFormat } from "~/lib/use-format";
import { AdminDateTime } from "~/features/admin/components/admin-date";
import {
  ActionNotice,
  EmptyNote,
  LabeledInput,
  PageTitle,
  cardClass,
  primaryButton,
  secondaryButton,
} from "~/features/admin/components/admin-ui";
import { staffContext } from "~/features/admin/context.server";
import { fail, failWith, refusalOf, succeed } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { formFields, isWellFormedId, readForm } from "~/lib/http.server";
import { useTranslation } from "~/lib/i18n-react";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import { STREAMER_STATUSES, parseReason, type StreamerStatus } from "../core/rules";
import { parseFeePercent } from "../core/donations";
import { parseGiftCatalogueForm } from "../core/gifts";
import { allGifts, saveGift } from "../gifts.server";
import { minorUnitsText } from "~/features/admin/core/money-input";
import {
  StreamerError,
  decideStreamer,
  donationFeeBasisPoints,
  hideDonationMessage,
  refundWalletDonation,
  listForStaff,
  recentDonationMessages,
  saveDonationFee,
  setFeatured,
} from "../streamers.server";
import type { Route } from "./+types/admin-streamers";

/** Staff: the applications to approve or refuse (with a reason), and which approved streamers the landing features. */
export async function loader({ request }: Route.LoaderArgs) {
  const { messages } = await staffContext(request, ["streamers"]);
  const asked = new URL(request.url).searchParams.get("status") ?? "";
  const status = (STREAMER_STATUSES as readonly string[]).includes(asked) ? (asked as StreamerStatus) : null;
  const [rows, feeBasisPoints, donationMessages, gifts] = await Promise.all([
    listForStaff(db(), status),
    donationFeeBasisPoints(db()),
    recentDonationMessages(db()),
    allGifts(db()),
  ]);
  return {
    status,
    feePercent: feeBasisPoints / 100,
    streamers: rows.map((row) => ({ ...row, appliedAt: row.appliedAt.toISOString() })),
    donationMessages: donationMessages.map((row) => ({
      ...row,
      currency: isCurrency(row.currency) ? row.currency : "USD",
      hidden: row.hiddenAt !== null,
      hiddenAt: undefined,
      refunded: row.refundedAt !== null,
      refundedAt: undefined,
      createdAt: row.createdAt.toISOString(),
    })),
    gifts: gifts.map((gift) => ({ ...gift, price: minorUnitsText(gift.priceUsd) })),
    messages,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { staff } = await staffContext(request);
  const fields = formFields(await readForm(request));
  if (fields.intent === "fee") {
    const basisPoints = parseFeePercent(fields.fee);
    if (basisPoints === null) return fail("FEE_INVALID", 400, { field: "fee" });
    await saveDonationFee(db(), staff.id, basisPoints);
    return succeed({ done: "fee" as const, streamerId: null });
  }
  if (fields.intent === "gift-save") {
    // "new" adds an item; any other id must be one of the catalogue's (NOT_FOUND otherwise).
    const giftId = fields.giftId === "new" ? null : (fields.giftId ?? "");
    if (giftId !== null && !/^[a-z0-9-]{1,60}$/.test(giftId)) return fail("NOT_FOUND", 404);
    const item = parseGiftCatalogueForm(fields);
    if (!item.ok) return fail(item.code, 400, { field: item.field, giftId: fields.giftId ?? null, streamerId: null });
    const { ok: _ok, ...values } = item;
    const refused = await refusalOf(StreamerError, () => saveGift(db(), staff.id, giftId, values), { streamerId: null });
    return refused ?? succeed({ done: "gift" as const, streamerId: null });
  }
  if (fields.intent === "hide-message") {
    const donationId = fields.donationId ?? "";
    if (!isWellFormedId(donationId)) return fail("NOT_FOUND", 404);
    const refused = await refusalOf(StreamerError, () => hideDonationMessage(db(), staff.id, donationId), { streamerId: null });
    return refused ?? succeed({ done: "hidden" as const, streamerId: null });
  }
  if (fields.intent === "refund-donation") {
    const donationId = fields.donationId ?? "";
    if (!isWellFormedId(donationId)) return fail("NOT_FOUND", 404);
    const refused = await refusalOf(StreamerError, () => refundWalletDonation(db(), staff.id, donationId), { streamerId: null });
    return refused ?? succeed({ done: "refunded" as const, streamerId: null });
  }
  const streamerId = fields.streamerId ?? "";
  if (!isWellFormedId(streamerId)) return fail("NOT_FOUND", 404);
  try {
    switch (fields.intent) {
      case "approve":
        await decideStreamer(db(), { staffId: staff.id, streamerId, to: "approved", reason: null });
        return succeed({ done: "approved" as const, streamerId });
      case "refuse": {
        const reason = parseReason(fields.reason);
        if (!reason) return fail("REASON_REQUIRED", 400, { field: "reason", streamerId });
        await decideStreamer(db(), { staffId: staff.id, streamerId, to: "refused", reason });
        return succeed({ done: "refused" as const, streamerId });
      }
      case "feature":
      case "unfeature":
        await setFeatured(db(), staff.id, streamerId, fields.intent === "feature");
        return succeed({ done: fields.intent === "feature" ? ("featured" as const) : ("unfeatured" as const), streamerId });
      default:
        return fail("NOT_FOUND", 400);
    }
  } catch (error) {
    if (error instanceof StreamerError) return failWith(error, { streamerId });
    throw error;
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "streamers", "admin.title")} · Arena LATAM` }, { name: "robots", content: "noindex" }];
}

export default function AdminStreamersPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("streamers");
  const format = useFormat();
  const { status, streamers, donationMessages } = loaderData;
  return (
    <section className="mx-auto max-w-5xl px-4 py-8" data-testid="admin-streamers">
      <PageTitle title={t("admin.title")} subtitle={t("admin.subtitle")} />
      <ActionNotice
        done={actionData?.ok ? t(`admin.done.${actionData.done}`) : undefined}
        error={actionData && !actionData.ok ? t(`errors.${actionData.code}`) : undefined}
      />
      <nav aria-label={t("admin.filter")} className="mb-6 flex flex-wrap gap-2">
        {[null, ...STREAMER_STATUSES].map((option) => (
          <Link
            key={option ?? "all"}
            to={option ? `?status=${option}` : "?"}
            aria-current={status === option ? "page" : undefined}
            className={option === status ? primaryButton : secondaryButton}
            data-testid={`admin-streamers-filter-${option ?? "all"}`}
          >
            {option ? t(`status.${option}`) : t("admin.all")}
          </Link>
        ))}
      </nav>
      <Form method="post" className={`${cardClass} mb-6 flex flex-wrap items-end gap-3`} data-testid="admin-streamers-fee">
        <input type="hidden" name="intent" value="fee" />
        <LabeledInput label={t("admin.fee")} name="fee" inputMode="decimal" defaultValue={String(loaderData.feePercent)} maxLength={5} />
        <button type="submit" className={secondaryButton}>
          {t("admin.feeSubmit")}
        </button>
      </Form>
      {streamers.length === 0 ? (
        <EmptyNote>{t("admin.empty")}</EmptyNote>
      ) : (
        <ul className="flex flex-col gap-4">
          {streamers.map((streamer) => (
            <li key={streamer.id} className={cardClass} data-testid="admin-streamer-row" data-handle={streamer.handle}>
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-bold break-all">@{streamer.handle}</span>
                <span className="text-sm font-semibold text-amber-300" data-testid="admin-streamer-status">
                  {t(`status.${streamer.status}`)}
                </span>
                {streamer.featured ? <span className="text-sm font-semibold text-cyan-300">{t("admin.featured")}</span> : null}
                <span className="text-sm break-all text-slate-400">{streamer.email}</span>
                <span className="text-sm text-slate-400">
                  <AdminDateTime value={streamer.appliedAt} />
                </span>
              </p>
              <p className="mt-1 text-sm text-slate-300">
                {streamer.games.map((game) => GAMES[game as keyof typeof GAMES]?.name ?? game).join(" · ")}
              </p>
              {streamer.bio ? <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-300">{streamer.bio}</p> : null}
              <ul className="mt-2 flex flex-col gap-1 text-sm">
                {streamer.channels.map((channel) => (
                  <li key={channel.platform}>
                    {t(`platforms.${channel.platform}`)}:{" "}
                    <a
                      href={channel.url}
                      rel="noopener noreferrer nofollow"
                      target="_blank"
                      className="inline-flex min-h-6 items-center break-all text-cyan-300 underline"
                    >
                      {channel.url}
                    </a>
                  </li>
                ))}
              </ul>
              {streamer.status === "refused" && streamer.refusalReason ? (
                <p className="mt-1 text-sm text-slate-400">{t("apply.reason", { reason: streamer.refusalReason })}</p>
              ) : null}
              <div className="mt-3 flex flex-wrap items-end gap-2">
                {streamer.status === "applied" ? (
                  <Form method="post">
                    <input type="hidden" name="streamerId" value={streamer.id} />
                    <input type="hidden" name="intent" value="approve" />
                    <button type="submit" className={primaryButton} data-testid="admin-streamer-approve">
                      {t("admin.approve")}
                    </button>
                  </Form>
                ) : null}
                {streamer.status === "approved" ? (
                  <Form method="post">
                    <input type="hidden" name="streamerId" value={streamer.id} />
                    <input type="hidden" name="intent" value={streamer.featured ? "unfeature" : "feature"} />
                    <button type="submit" className={secondaryButton} data-testid="admin-streamer-feature">
                      {t(streamer.featured ? "admin.unfeature" : "admin.feature")}
                    </button>
                  </Form>
                ) : null}
                {streamer.status !== "refused" ? (
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="streamerId" value={streamer.id} />
                    <input type="hidden" name="intent" value="refuse" />
                    <LabeledInput label={t("admin.reason")} name="reason" maxLength={300} data-testid="admin-streamer-reason" />
                    <button type="submit" className={secondaryButton} data-testid="admin-streamer-refuse">
                      {t(streamer.status === "approved" ? "admin.withdraw" : "admin.refuse")}
                    </button>
                  </Form>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <h2 className="mt-10 mb-2 text-xl font-extrabold">{t("adminGifts.title")}</h2>
      <p className="mb-4 text-sm text-slate-300">{t("adminGifts.text")}</p>
      <ul className="flex flex-col gap-3" data-testid="admin-gifts">
        {[...loaderData.gifts, null].map((gift) => (
          <li key={gift?.id ?? "new"} className={cardClass} data-testid="admin-gift" data-gift={gift?.id ?? "new"}>
            <Form method="post" className="flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="gift-save" />
              <input type="hidden" name="giftId" value={gift?.id ?? "new"} />
              <p className="w-full font-semibold">
                {gift ? `${gift.icon} ${gift.nameEs}` : t("adminGifts.new")}
                {gift && !gift.active ? <span className="ml-2 text-sm text-rose-300">{t("adminGifts.off")}</span> : null}
              </p>
              <LabeledInput
                label={t("adminGifts.nameEs")}
                name="nameEs"
                required
                maxLength={30}
                defaultValue={gift?.nameEs}
                data-testid="admin-gift-name-es"
              />
              <LabeledInput
                label={t("adminGifts.nameEn")}
                name="nameEn"
                required
                maxLength={30}
                defaultValue={gift?.nameEn}
                data-testid="admin-gift-name-en"
              />
              <LabeledInput
                label={t("adminGifts.price")}
                name="price"
                required
                inputMode="decimal"
                maxLength={9}
                defaultValue={gift?.price}
                data-testid="admin-gift-price"
              />
              <LabeledInput
                label={t("adminGifts.icon")}
                name="icon"
                required
                maxLength={16}
                defaultValue={gift?.icon}
                data-testid="admin-gift-icon"
              />
              <LabeledInput
                label={t("adminGifts.position")}
                name="position"
                inputMode="numeric"
                maxLength={3}
                defaultValue={String(gift?.position ?? 0)}
              />
              <label className="inline-flex min-h-6 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="active"
                  className="h-6 w-6"
                  defaultChecked={gift?.active ?? true}
                  data-testid="admin-gift-active"
                />
                {t("adminGifts.active")}
              </label>
              <button type="submit" className={gift ? secondaryButton : primaryButton} data-testid="admin-gift-save">
                {t(gift ? "adminGifts.save" : "adminGifts.add")}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <h2 className="mt-10 mb-4 text-xl font-extrabold">{t("admin.messages")}</h2>
      {donationMessages.length === 0 ? (
        <EmptyNote>{t("admin.messagesEmpty")}</EmptyNote>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="admin-donation-messages">
          {donationMessages.map((row) => (
            <li key={row.id} className={cardClass} data-testid="admin-donation-message">
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <span className="font-semibold break-all">{row.donorHandle ? `@${row.donorHandle}` : t("donate.anonymous")}</span>
                <span className="text-slate-400">→ @{row.streamerHandle}</span>
                <span className="text-amber-300">{format.money({ amount: row.amount, currency: row.currency })}</span>
                <span className="text-slate-400">
                  <AdminDateTime value={row.createdAt} />
                </span>
              </p>
              {row.message ? (
                <p className={`mt-1 break-words ${row.hidden ? "text-slate-400 line-through" : "text-slate-200"}`}>{row.message}</p>
              ) : null}
              {row.refunded ? (
                <p className="mt-1 text-sm font-semibold text-amber-300" data-testid="admin-donation-refunded">
                  {t("admin.donationRefunded")}
                </p>
              ) : !row.paidByOrder ? (
                <Form method="post" className="mt-2">
                  <input type="hidden" name="intent" value="refund-donation" />
                  <input type="hidden" name="donationId" value={row.id} />
                  <button type="submit" className={secondaryButton} data-testid="admin-donation-refund">
                    {t("admin.refundDonation")}
                  </button>
                </Form>
              ) : null}
              {!row.message ? null : row.hidden ? (
                <p className="mt-1 text-sm font-semibold text-rose-300" data-testid="admin-donation-hidden">
                  {t("admin.messageHidden")}
                </p>
              ) : (
                <Form method="post" className="mt-2">
                  <input type="hidden" name="intent" value="hide-message" />
                  <input type="hidden" name="donationId" value={row.id} />
                  <button type="submit" className={secondaryButton} data-testid="admin-donation-hide">
                    {t("admin.hideMessage")}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
