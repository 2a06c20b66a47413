import { data } from "react-router";

/**
 * The posted form, or a 400 "could not read the request" page when the body is not a form
 * (a script posting JSON, a cut-off upload) or a text field holds a NUL character, which no
 * form sends and PostgreSQL cannot store in text (found by tests/integration/hostile-input.test.ts):
 * bad input gets an answer, never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data({ ok: false, code: "BAD_REQUEST" }, { status: 400 });
  }
  if (holdsNul(form)) throw data({ ok: false, code: "BAD_REQUEST" }, { status: 400 });
  return form;
}

/** Whether a text field of the form holds a NUL character (never typed by a person; PostgreSQL refuses it). */
export function holdsNul(form: FormData): boolean {
  for (const value of form.values()) if (typeof value === "string" && value.includes("\u0000")) return true;
  return false;
}

/** The text fields of a form as a plain object (files are left out; a repeated name keeps its last value). */
export function formFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string") fields[name] = value;
  return fields;
}

/**
 * What a refused form sends back to be shown again, as typed: the string fields `keep` names, each
 * cut to `maxLength` (the page is the server's answer, also without JavaScript).
 */
export function typedFields(form: FormData, keep: (name: string) => boolean, maxLength = 100): Record<string, string> {
  return Object.fromEntries(
    Object.entries(formFields(form))
      .filter(([name]) => keep(name))
      .map(([name, value]) => [name, value.slice(0, maxLength)]),
  );
}

/** What every id in a path or query looks like (slugs, UUIDs, better-auth ids): letters, digits, "-", "_", "." and ":". */
const WELL_FORMED_ID = /^[A-Za-z0-9_.:-]{1,128}$/;

/** Whether an id read from a URL may be looked up (a NUL, a space or an overlong value may not: PostgreSQL refuses a NUL in text). */
export function isWellFormedId(value: string | null | undefined): value is string {
  return typeof value === "string" && WELL_FORMED_ID.test(value);
}

/**
 * An id read from a path or query, checked before any use; anything else is the 404 page, as an id
 * that does not exist (found by tests/integration/url-ids.test.ts: `/tournaments/%00/bracket` was a 500).
 */
export function idParam(value: string | null | undefined): string {
  if (!isWellFormedId(value)) throw data(null, { status: 404 });
  return value;
}

/** A 404 page when the value is missing: ids of things one may not see look the same as ids that do not exist. */
export function notFoundIfNullish<Value>(value: Value | null | undefined): Value {
  if (value === null || value === undefined) throw data(null, { status: 404 });
  return value;
}

/** The constraint a PostgreSQL unique violation (23505) broke, or undefined for any other error. Drizzle wraps driver errors in `cause`. */
export function constraintOf(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? (error as { code?: string; constraint?: string });
  return cause?.code === "23505" ? cause.constraint : undefined;
}
