import { useTranslation } from "~/lib/i18n-react";
import { BankOptions } from "~/components/ui/bank-options";
import { Form } from "react-router";
import { PAYMENT_METHOD_IDS, isPaymentMethod } from "~/domain/payment-methods";
import { paymentAccountsView } from "~/features/orders/payment-accounts.server";
import { fail, succeed } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { formFields, readForm } from "~/lib/http.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import { AnswerNotice, PageTitle, cardClass, fieldClass, labelClass, primaryButton } from "../components/admin-ui";
import { staffContext } from "../context.server";
import { PAY_TO_FIELDS, parsePayToForm } from "../core/payment-accounts";
import { savePaymentAccount } from "../settings.server";
import type { Route } from "./+types/payment-methods";

export async function loader({ request }: Route.LoaderArgs) {
  const { messages } = await staffContext(request);
  return { accounts: await paymentAccountsView(db()), messages };
}

export async function action({ request }: Route.ActionArgs) {
  const { staff } = await staffContext(request);
  const fields = formFields(await readForm(request));
  const method = fields.method;
  if (!isPaymentMethod(method)) return fail("UNKNOWN_METHOD", 400, { field: "method" });
  const parsed = parsePayToForm(method, fields);
  if (!parsed.ok) return fail(parsed.code, 400, { field: parsed.field, method });
  await savePaymentAccount(db(), staff.id, method, { details: parsed.details, enabled: fields.enabled === "on" });
  return succeed({ method });
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "admin", "payTo.title")} · Arena LATAM` }, { name: "robots", content: "noindex" }];
}

export default function PaymentMethodsPage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("admin");
  const { accounts } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-4 py-8" data-testid="admin-payment-methods">
      <PageTitle title={t("payTo.title")} subtitle={t("payTo.subtitle")} />
      <AnswerNotice
        answer={actionData}
        done={actionData?.ok ? t("payTo.saved", { method: t(`methods.${actionData.method}`) }) : undefined}
      />
      <div className="grid gap-4">
        {PAYMENT_METHOD_IDS.map((method) => {
          const details = accounts.details[method] as Record<string, string>;
          return (
            <Form key={method} method="post" className={`${cardClass} grid gap-3`} data-testid={`pay-to-${method}`}>
              <input type="hidden" name="method" value={method} />
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="text-lg font-bold">{t(`methods.${method}`)}</h2>
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="enabled" defaultChecked={accounts.enabled[method]} data-testid={`enabled-${method}`} />
                  {t("payTo.enabled")}
                </label>
              </div>
              {PAY_TO_FIELDS[method].map((field) =>
                field === "bankCode" ? (
                  <label key={field} className={labelClass}>
                    {t(`payTo.fields.${field}`)}
                    <select name={field} defaultValue={details[field]} className={fieldClass}>
                      <BankOptions />
                    </select>
                  </label>
                ) : (
                  <label key={field} className={labelClass}>
                    {t(`payTo.fields.${field}`)}
                    <input name={field} defaultValue={details[field]} required className={fieldClass} data-testid={`${method}-${field}`} />
                  </label>
                ),
              )}
              <button type="submit" className={primaryButton} data-testid={`save-${method}`}>
                {t("payTo.save")}
              </button>
            </Form>
          );
        })}
      </div>
    </section>
  );
}
