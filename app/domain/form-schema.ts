import { z } from "zod";

/**
 * Forms read through a zod schema whose messages are our error codes (docs: issue #23): every wrong
 * field gets its own code at once, so a page without JavaScript shows all the mistakes in one round trip.
 * Pure, for the browser and the server.
 */

/** Each wrong field's first error code, by field name ("form" for a refusal of the whole form). */
export type FieldErrors = Record<string, string>;

export type FormParse<Data, Code extends string = string> =
  { ok: true; data: Data } | { ok: false; errors: FieldErrors; code: Code; field: string };

/** Every field's first error code, by field name (from a zod failure). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
}

/**
 * Parses a form with its schema. A refusal carries every field's error, and `code`/`field` of the
 * first wrong field in `fieldOrder` (the order the form, or the SPEC, checks them in) for the pages and
 * answers that tell one message.
 */
export function parseWith<Schema extends z.ZodType, Code extends string = string>(
  schema: Schema,
  fields: unknown,
  fieldOrder: readonly string[],
): FormParse<z.output<Schema>, Code> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors = fieldErrorsOf(parsed.error);
  const field = fieldOrder.find((name) => errors[name]) ?? Object.keys(errors)[0] ?? "form";
  return { ok: false, errors, code: errors[field] as Code, field };
}

/**
 * The fields already refused while a schema runs: a cross-field rule (superRefine with `when: always`)
 * reads only fields that are valid themselves, so each wrong field keeps its own first error.
 */
export function refusedFields(ctx: { issues: readonly { path?: readonly PropertyKey[] }[] }): Set<string> {
  return new Set(ctx.issues.map((issue) => String(issue.path?.[0] ?? "form")));
}

/** `when` for a cross-field rule that must run even when other fields were refused. */
export const always = () => true;

/** Inside a transform: refuses the field with a code (the transform's value is then never used). */
export function refuse(ctx: { addIssue(issue: { code: "custom"; message: string }): void }, code: string): never {
  ctx.addIssue({ code: "custom", message: code });
  return z.NEVER;
}

/** A text field as typed: trimmed, "" when absent (or not text). */
export const typedText = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** A text field's schema, fed the trimmed text ("" when absent). */
export const textField = <Schema extends z.ZodType>(schema: Schema) => z.preprocess(typedText, schema);

/** A checkbox: sent ("on") when ticked, absent when not. */
export const checkbox = () =>
  z
    .unknown()
    .optional()
    .transform((value) => value === "on" || value === "true");
