/** The support form's topics and limits (pure, shared by the page and the action). */
export const SUPPORT_TOPICS = ["payment", "order", "tournament", "account", "plus", "other"] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];
export const SUPPORT_MESSAGE_MIN = 10;
export const SUPPORT_MESSAGE_MAX = 2000;

export type SupportErrorCode = "TOPIC_REQUIRED" | "MESSAGE_TOO_SHORT" | "MESSAGE_TOO_LONG" | "RATE_LIMITED";

export function parseSupportMessage(
  fields: Record<string, string>,
): { ok: true; topic: SupportTopic; message: string } | { ok: false; code: SupportErrorCode; field: string } {
  const topic = fields.topic;
  if (!(SUPPORT_TOPICS as readonly string[]).includes(topic ?? "")) return { ok: false, code: "TOPIC_REQUIRED", field: "topic" };
  // Control characters other than line breaks and tabs never belong in a message.
  // eslint-disable-next-line no-control-regex
  const message = (fields.message ?? "").replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "").trim();
  const length = [...message].length;
  if (length < SUPPORT_MESSAGE_MIN) return { ok: false, code: "MESSAGE_TOO_SHORT", field: "message" };
  if (length > SUPPORT_MESSAGE_MAX) return { ok: false, code: "MESSAGE_TOO_LONG", field: "message" };
  return { ok: true, topic: topic as SupportTopic, message };
}
