import { data } from "react-router";
import type { DomainError } from "./domain-error";

/**
 * The one shape every action answers in: `{ ok: true, … }` or `{ ok: false, code, field? }`.
 * Codes are translated by the page (`errors.<CODE>` in the feature's namespace); `field` names the
 * input to mark. Extra facts a page needs (the value typed, a cart's problems) travel beside them.
 */
export type Failure<Extra extends object = object> = { ok: false; code: string; field?: string } & Extra;
export type Success<Extra extends object = object> = { ok: true } & Extra;
export type Answer<S extends object = object, F extends object = object> = Success<S> | Failure<F>;

/** A refusal with its HTTP status (400 by default). */
export function fail<Extra extends object = object>(code: string, status = 400, extra?: Extra & { field?: string }) {
  return data({ ok: false as const, code, ...(extra as Extra & { field?: string }) }, { status });
}

/** A rule's refusal (DomainError): 404 when what was asked for is not there (or not the asker's), else 409. */
export function failWith<Extra extends object = object>(error: DomainError, extra?: Extra & { field?: string }) {
  return fail(error.code, error.code === "NOT_FOUND" ? 404 : 409, extra);
}

/**
 * Runs an act a rule may refuse: a refusal of `kind` (a DomainError subclass) answers as `failWith`,
 * null when the act went through; any other error is thrown on.
 */
export async function refusalOf<Extra extends object = object>(
  kind: abstract new (...args: never[]) => DomainError,
  act: () => Promise<unknown>,
  extra?: Extra & { field?: string },
) {
  try {
    await act();
    return null;
  } catch (error) {
    if (error instanceof kind) return failWith(error, extra);
    throw error;
  }
}

/** An accepted request, with what the page needs next. */
export function succeed<Extra extends object>(extra: Extra, status = 200) {
  return data({ ok: true as const, ...extra }, { status });
}

/** What a refused form sent back as typed (`typedFields` in http.server.ts); empty for any other answer. */
export function typedOf(answer: unknown): Record<string, string> {
  const typed = answer && typeof answer === "object" && "ok" in answer && !answer.ok && "typed" in answer ? answer.typed : null;
  return (typed ?? {}) as Record<string, string>;
}

/**
 * Each refused field's error code from an answer: a form parsed whole sends `errors`; any other refusal
 * names at most one `field`. Empty for an accepted answer.
 */
export function fieldErrorsOfAnswer(answer: unknown): Record<string, string> {
  if (!answer || typeof answer !== "object" || !("ok" in answer) || answer.ok) return {};
  if ("errors" in answer && answer.errors && typeof answer.errors === "object") return answer.errors as Record<string, string>;
  const { code, field } = answer as { code?: unknown; field?: unknown };
  return typeof field === "string" && typeof code === "string" ? { [field]: code } : {};
}
