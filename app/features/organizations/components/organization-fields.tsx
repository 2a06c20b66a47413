import { Field, Input, TextArea } from "~/components/ui/field";
import { useTranslation } from "~/lib/i18n-react";
import type { FieldErrors } from "~/domain/form-schema";
import { DESCRIPTION_MAX, LINKS_MAX, NAME_MAX } from "../core/rules";

/** The organization form's fields (new and manage pages): name, address, description, links. */
export function OrganizationFields({
  typed,
  errors,
  withSlug,
  values,
}: {
  typed: Record<string, string>;
  /** Each field the last answer refused, with its code. */
  errors: FieldErrors;
  withSlug: boolean;
  values?: { name: string; description: string; links: string[] };
}) {
  const { t } = useTranslation("organizations");
  const errorId = (field: string) => `organization-error-${field}`;
  const error = (field: string) =>
    errors[field] ? (
      <span data-testid={errorId(field)}>{t(`errors.${errors[field]}`, { defaultValue: t("errors.UNKNOWN") })}</span>
    ) : undefined;
  // Every wrong field at once: each marked, and its message linked to it.
  const mark = (field: string) => (errors[field] ? { "aria-invalid": true as const, "aria-describedby": errorId(field) } : {});
  return (
    <>
      <Field label={t("fields.name")} error={error("name")} errorId={errorId("name")}>
        <Input
          name="name"
          maxLength={NAME_MAX}
          required
          defaultValue={typed.name ?? values?.name ?? ""}
          {...mark("name")}
          data-testid="organization-name"
        />
      </Field>
      {withSlug ? (
        <Field label={t("fields.slug")} hint={t("fields.slugHint")} error={error("slug")} errorId={errorId("slug")}>
          <Input
            name="slug"
            maxLength={40}
            autoCapitalize="none"
            defaultValue={typed.slug ?? ""}
            {...mark("slug")}
            data-testid="organization-slug"
          />
        </Field>
      ) : null}
      <Field label={t("fields.description")} error={error("description")} errorId={errorId("description")}>
        <TextArea
          name="description"
          rows={4}
          maxLength={DESCRIPTION_MAX}
          defaultValue={typed.description ?? values?.description ?? ""}
          {...mark("description")}
          data-testid="organization-description"
        />
      </Field>
      <Field label={t("fields.links")} hint={t("fields.linksHint", { count: LINKS_MAX })} error={error("links")} errorId={errorId("links")}>
        <TextArea
          name="links"
          rows={3}
          inputMode="url"
          defaultValue={typed.links ?? values?.links.join("\n") ?? ""}
          {...mark("links")}
          data-testid="organization-links"
        />
      </Field>
    </>
  );
}
