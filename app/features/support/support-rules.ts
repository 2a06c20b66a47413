import { z } from "zod";
import { parseWith, type FieldErrors } from "~/domain/form-schema";

/** The support form's topics and limits (pure, shared by the page and the action). */
export const SUPPORT_TOPICS = ["payment", "order", "tournament", "account", "plus", "other"] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];
export const SUPPORT_MESSAGE_MIN = 10;
export const SUPPORT_MESSAGE_MAX = 2000;
export const SUPPORT_REPLY_MAX = 4000;

export type SupportErrorCode = "TOPIC_REQUIRED" | "MESSAGE_TOO_SHORT" | "MESSAGE_TOO_LONG" | "RATE_LIMITED";

/** Control characters other than line breaks and tabs never belong in a message. */
function withoutControls(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "").trim();
}

const text = (min: number, max: number, short: string, long: string) =>
  z
    .string()
    .default("")
    .transform(withoutControls)
    .refine((value) => [...value].length >= min, short)
    .refine((value) => [...value].length <= max, long);

/** The support form, every field checked at once: the page marks each wrong field with its own message. */
const supportSchema = z.object({
  topic: z.enum(SUPPORT_TOPICS, { error: "TOPIC_REQUIRED" }),
  message: text(SUPPORT_MESSAGE_MIN, SUPPORT_MESSAGE_MAX, "MESSAGE_TOO_SHORT", "MESSAGE_TOO_LONG"),
});

export function parseSupportMessage(
  fields: Record<string, string>,
): { ok: true; topic: SupportTopic; message: string } | { ok: false; code: SupportErrorCode; field: string; errors: FieldErrors } {
  const parsed = parseWith<typeof supportSchema, SupportErrorCode>(supportSchema, fields, ["topic", "message"]);
  return parsed.ok ? { ok: true, ...parsed.data } : parsed;
}

/** A staff reply: 1 to SUPPORT_REPLY_MAX characters. */
export function parseSupportReply(value: string): { ok: true; body: string } | { ok: false; code: "REPLY_REQUIRED" | "REPLY_TOO_LONG" } {
  const body = withoutControls(value);
  if (!body) return { ok: false, code: "REPLY_REQUIRED" };
  if ([...body].length > SUPPORT_REPLY_MAX) return { ok: false, code: "REPLY_TOO_LONG" };
  return { ok: true, body };
}
