import { useTranslation } from "~/lib/i18n-react";
import { useFormat } from "~/lib/use-format";
import type { ReviewOrder } from "../../order-review.server";
import { cardClass, Detail } from "./parts";

const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/webp"]);

/** Every proof of payment sent for the order, newest first: its facts and its receipt (image or PDF) in view. */
export function ProofsSection({ order }: { order: Pick<ReviewOrder, "number" | "proofs"> }) {
  const { t } = useTranslation("admin");
  const format = useFormat();
  return (
    <section className={cardClass} aria-labelledby="proofs-heading">
      <h2 id="proofs-heading" className="text-lg font-bold">
        {t("review.proofs.title")}
      </h2>
      {order.proofs.length === 0 ? <p className="mt-3 text-sm text-slate-400">{t("review.proofs.none")}</p> : null}
      <ol className="mt-3 flex flex-col gap-5">
        {order.proofs.map((proof, index) => (
          <li key={proof.id} className="rounded-lg border border-slate-800 p-4" data-testid="proof">
            <p className="text-sm font-semibold text-slate-200">
              {t("review.proofs.sentAt", { date: format.dateTime(proof.createdAt) })}
              {index === 0 && proof.live ? <span className="ml-2 text-xs text-cyan-300">{t("review.proofs.latest")}</span> : null}
              {!proof.live ? <span className="ml-2 text-xs text-rose-300">{t("review.proofs.discarded")}</span> : null}
            </p>
            <dl className="mt-2 flex flex-col gap-2">
              {proof.bankCode ? (
                <Detail label={t("review.proofs.bank")} testId="proof-bank">
                  {t("review.proofs.bankValue", { code: proof.bankCode, name: proof.bankName ?? t("review.proofs.unknownBank") })}
                </Detail>
              ) : null}
              {proof.reference ? (
                <Detail label={t("review.proofs.reference")} testId="proof-reference">
                  <span className="font-mono">{proof.reference}</span>
                </Detail>
              ) : null}
              {proof.paidOn ? (
                <Detail label={t("review.proofs.paidOn")} testId="proof-paid-on">
                  {proof.paidOn}
                </Detail>
              ) : null}
              {proof.transactionId ? (
                <Detail label={t("review.proofs.transactionId")} testId="proof-transaction">
                  <span className="font-mono">{proof.transactionId}</span>
                </Detail>
              ) : null}
              {proof.payerEmail ? (
                <Detail label={t("review.proofs.payerEmail")} testId="proof-payer-email">
                  {proof.payerEmail}
                </Detail>
              ) : null}
            </dl>
            {proof.receiptUrl && proof.fileType && IMAGE_TYPES.has(proof.fileType) ? (
              <a href={proof.receiptUrl} target="_blank" rel="noreferrer" className="mt-3 block" title={t("review.proofs.openFull")}>
                <img
                  src={proof.receiptUrl}
                  alt={t("review.proofs.receiptAlt", { number: order.number })}
                  loading={index === 0 ? "eager" : "lazy"}
                  className="max-h-[36rem] w-auto max-w-full rounded-lg border border-slate-700 bg-slate-950 object-contain"
                  data-testid="receipt-image"
                />
              </a>
            ) : null}
            {proof.receiptUrl && proof.fileType === "application/pdf" ? (
              <div className="mt-3">
                <object
                  data={proof.receiptUrl}
                  type="application/pdf"
                  className="h-[36rem] w-full rounded-lg border border-slate-700"
                  data-testid="receipt-pdf"
                >
                  <a href={proof.receiptUrl} target="_blank" rel="noreferrer" className="text-cyan-300 underline">
                    {t("review.proofs.openPdf")}
                  </a>
                </object>
                <a href={proof.receiptUrl} target="_blank" rel="noreferrer" className="mt-2 inline-block text-sm text-cyan-300 underline">
                  {t("review.proofs.openPdf")}
                </a>
              </div>
            ) : null}
            {!proof.receiptUrl ? <p className="mt-2 text-xs text-slate-400">{t("review.proofs.noFile")}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
