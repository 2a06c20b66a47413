import { describe, expect, it } from "vitest";
import { SUPPORT_MESSAGE_MAX, SUPPORT_REPLY_MAX, parseSupportMessage, parseSupportReply } from "./support-rules";

describe("support messages", () => {
  it("need a known topic and 10–2000 characters, without control characters", () => {
    expect(parseSupportMessage({ topic: "payment", message: "  Pagué y no llega mi pedido  " })).toEqual({
      ok: true,
      topic: "payment",
      message: "Pagué y no llega mi pedido",
    });
    expect(parseSupportMessage({ topic: "nope", message: "x".repeat(20) })).toMatchObject({ ok: false, code: "TOPIC_REQUIRED" });
    expect(parseSupportMessage({ topic: "other", message: "corto" })).toMatchObject({
      ok: false,
      code: "MESSAGE_TOO_SHORT",
      field: "message",
    });
    expect(parseSupportMessage({ topic: "other", message: "ñ".repeat(SUPPORT_MESSAGE_MAX + 1) })).toMatchObject({
      ok: false,
      code: "MESSAGE_TOO_LONG",
    });
    expect(parseSupportMessage({ topic: "other", message: "hola\u0000\u0007 equipo, ayuda" })).toEqual({
      ok: true,
      topic: "other",
      message: "hola equipo, ayuda",
    });
  });
});

describe("support form, every field at once", () => {
  it("answers the topic's and the message's error together", () => {
    expect(parseSupportMessage({ topic: "", message: "hi" })).toMatchObject({
      ok: false,
      code: "TOPIC_REQUIRED",
      field: "topic",
      errors: { topic: "TOPIC_REQUIRED", message: "MESSAGE_TOO_SHORT" },
    });
  });
  it("reads a staff reply: not empty, not too long", () => {
    expect(parseSupportReply("  Ya lo revisamos  ")).toEqual({ ok: true, body: "Ya lo revisamos" });
    expect(parseSupportReply("  ")).toEqual({ ok: false, code: "REPLY_REQUIRED" });
    expect(parseSupportReply("x".repeat(SUPPORT_REPLY_MAX + 1))).toEqual({ ok: false, code: "REPLY_TOO_LONG" });
  });
});
