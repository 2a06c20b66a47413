import { z } from "zod";

/** An e-mail address as we store it: trimmed and lower-cased, so one person has one account. */
export const emailSchema = z.string().trim().toLowerCase().pipe(z.email());

export function normalizeEmail(value: string): string | null {
  const result = emailSchema.safeParse(value);
  return result.success ? result.data : null;
}
