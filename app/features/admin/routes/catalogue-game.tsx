import { useTranslation } from "~/lib/i18n-react";
import { Form, Link } from "react-router";
import { fail, fieldErrorsOfAnswer, succeed } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { formFields, notFoundIfNullish, readForm, idParam } from "~/lib/http.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import { CatalogueAdminError, createPackage, findGame, listPackagesForStaff, updatePackage } from "../catalogue-admin.server";
import { AnswerNotice, CheckboxList, CheckedInput, PageTitle, cardClass, primaryButton, secondaryButton } from "../components/admin-ui";
import { staffContext } from "../context.server";
import { parsePackageForm } from "../core/catalogue-form";
import { minorUnitsText } from "../core/money-input";
import type { Route } from "./+types/catalogue-game";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { messages } = await staffContext(request);
  const game = notFoundIfNullish(await findGame(db(), idParam(params.gameId)));
  return { game: { id: game.id, name: game.name }, packages: await listPackagesForStaff(db(), game.id), messages };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { staff } = await staffContext(request);
  const fields = formFields(await readForm(request));
  const parsed = parsePackageForm(fields);
  if (!parsed.ok) return fail(parsed.code, 400, { field: parsed.field, errors: parsed.errors, packageId: fields.packageId ?? "" });
  try {
    const saved = fields.packageId
      ? await updatePackage(db(), staff.id, idParam(params.gameId), fields.packageId, parsed.values)
      : await createPackage(db(), staff.id, idParam(params.gameId), parsed.values);
    return succeed({ packageId: saved.id, priceBs: saved.priceBs });
  } catch (error) {
    if (error instanceof CatalogueAdminError) return fail("NOT_FOUND", 404);
    throw error;
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "admin", "catalogue.packages")} · Arena LATAM` }, { name: "robots", content: "noindex" }];
}

interface PackageFormValues {
  id?: string;
  label: string;
  labelEn: string | null;
  amount: number | null;
  bonus: number;
  priceUsd: number | null;
  priceBs: number | null;
  bsFollowsRate: boolean;
  sortOrder: number;
  active: boolean;
}

function PackageForm({ values, submit, errors }: { values: PackageFormValues; submit: string; errors: Record<string, string> }) {
  const { t } = useTranslation("admin");
  // Each wrong field is marked under it; ids stay unique across the page's forms.
  const marks = { errors, errorPrefix: `package-${values.id ?? "new"}` };
  return (
    <Form
      method="post"
      className={`${cardClass} grid gap-3 sm:grid-cols-4`}
      data-testid={values.id ? `package-${values.id}` : "package-new"}
    >
      {values.id ? <input type="hidden" name="packageId" value={values.id} /> : null}
      <CheckedInput
        {...marks}
        className="sm:col-span-2"
        label={t("catalogue.fields.label")}
        name="label"
        required
        maxLength={60}
        defaultValue={values.label}
      />
      <CheckedInput
        {...marks}
        className="sm:col-span-2"
        label={t("catalogue.fields.labelEn")}
        name="labelEn"
        maxLength={60}
        defaultValue={values.labelEn ?? ""}
      />
      <CheckedInput {...marks} label={t("catalogue.fields.amount")} name="amount" inputMode="numeric" defaultValue={values.amount ?? ""} />
      <CheckedInput {...marks} label={t("catalogue.fields.bonus")} name="bonus" inputMode="numeric" defaultValue={values.bonus} />
      <CheckedInput
        {...marks}
        label={t("catalogue.fields.priceUsd")}
        name="priceUsd"
        inputMode="decimal"
        required
        defaultValue={values.priceUsd === null ? "" : minorUnitsText(values.priceUsd)}
      />
      <CheckedInput
        {...marks}
        label={t("catalogue.fields.priceBs")}
        name="priceBs"
        inputMode="decimal"
        defaultValue={values.priceBs === null ? "" : minorUnitsText(values.priceBs)}
      />
      <CheckedInput
        {...marks}
        label={t("catalogue.fields.sortOrder")}
        name="sortOrder"
        inputMode="numeric"
        defaultValue={values.sortOrder}
      />
      <CheckboxList
        boxes={[
          { name: "bsFollowsRate", label: t("catalogue.fields.bsFollowsRate"), checked: values.bsFollowsRate },
          { name: "active", label: t("catalogue.fields.active"), checked: values.active },
        ]}
      />
      <button type="submit" className={`${primaryButton} sm:col-span-4`}>
        {submit}
      </button>
    </Form>
  );
}

export default function CatalogueGamePage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("admin");
  const { game, packages } = loaderData;
  // The refused package's form (the new one when packageId is "") marks each wrong field.
  const failedPackage = actionData && !actionData.ok && "packageId" in actionData ? actionData.packageId : null;
  const errorsOf = (packageId: string) => (failedPackage === packageId ? fieldErrorsOfAnswer(actionData) : {});
  return (
    <section className="mx-auto max-w-5xl px-4 py-8" data-testid="admin-catalogue-game">
      <PageTitle title={t("catalogue.packagesOf", { game: game.name })} subtitle={t("catalogue.packagesNote")} />
      <Link to="/admin/catalogue" className={`${secondaryButton} mb-4 inline-block`}>
        {t("catalogue.back")}
      </Link>
      <AnswerNotice answer={actionData} done={actionData?.ok ? t("catalogue.packageSaved") : undefined} />
      <div className="grid gap-4">
        {packages.map((pkg) => (
          <PackageForm
            key={pkg.id}
            submit={t("catalogue.save")}
            errors={errorsOf(pkg.id)}
            values={{
              id: pkg.id,
              label: pkg.label,
              labelEn: pkg.labelEn,
              amount: pkg.amount,
              bonus: pkg.bonus,
              priceUsd: pkg.priceUsd,
              priceBs: pkg.priceBs,
              bsFollowsRate: pkg.bsFollowsRate,
              sortOrder: pkg.sortOrder,
              active: pkg.active,
            }}
          />
        ))}
        <h2 className="mt-4 text-xl font-bold">{t("catalogue.newPackage")}</h2>
        <PackageForm
          submit={t("catalogue.add")}
          errors={errorsOf("")}
          values={{
            label: "",
            labelEn: null,
            amount: null,
            bonus: 0,
            priceUsd: null,
            priceBs: null,
            bsFollowsRate: true,
            sortOrder: packages.length,
            active: true,
          }}
        />
      </div>
    </section>
  );
}
