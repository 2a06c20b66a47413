import { Field, Input, TextArea } from "~/components/ui/field";
import { useTranslation } from "~/lib/i18n-react";
import { DESCRIPTION_MAX, LINKS_MAX, NAME_MAX } from "../core/rules";

/** The organization form's fields (new and manage pages): name, address, description, links. */
export function OrganizationFields({
  typed,
  refusal,
  withSlug,
  values,
}: {
  typed: Record<string, string>;
  refusal: { code: string; field?: string } | null;
  withSlug: boolean;
  values?: { name: string; description: string; links: string[] };
}) {
  const { t } = useTranslation("organizations");
  const error = (field: string) =>
    refusal?.field === field ? (
      <span data-testid={`organization-error-${field}`}>{t(`errors.${refusal.code}`, { defaultValue: t("errors.UNKNOWN") })}</span>
    ) : undefined;
  return (
    <>
      <Field label={t("fields.name")} error={error("name")}>
        <Input
          name="name"
          maxLength={NAME_MAX}
          required
          defaultValue={typed.name ?? values?.name ?? ""}
          aria-invalid={refusal?.field === "name" || undefined}
          data-testid="organization-name"
        />
      </Field>
      {withSlug ? (
        <Field label={t("fields.slug")} hint={t("fields.slugHint")} error={error("slug")}>
          <Input
            name="slug"
            maxLength={40}
            autoCapitalize="none"
            defaultValue={typed.slug ?? ""}
            aria-invalid={refusal?.field === "slug" || undefined}
            data-testid="organization-slug"
          />
        </Field>
      ) : null}
      <Field label={t("fields.description")} error={error("description")}>
        <TextArea
          name="description"
          rows={4}
          maxLength={DESCRIPTION_MAX}
          defaultValue={typed.description ?? values?.description ?? ""}
          aria-invalid={refusal?.field === "description" || undefined}
          data-testid="organization-description"
        />
      </Field>
      <Field label={t("fields.links")} hint={t("fields.linksHint", { count: LINKS_MAX })} error={error("links")}>
        <TextArea
          name="links"
          rows={3}
          inputMode="url"
          defaultValue={typed.links ?? values?.links.join("\n") ?? ""}
          aria-invalid={refusal?.field === "links" || undefined}
          data-testid="organization-links"
        />
      </Field>
    </>
  );
}
