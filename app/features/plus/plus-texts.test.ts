import { describe, expect, it } from "vitest";
import { formatDateTime } from "~/domain/format";
import plusEs from "../../../locales/es/plus.json";
import plusEn from "../../../locales/en/plus.json";

describe("the Plus page's membership line", () => {
  it("writes the end date without a double period ('10:30 a. m..')", () => {
    const until = new Date("2026-12-26T14:30:00Z");
    for (const [texts, language] of [
      [plusEs, "es"],
      [plusEn, "en"],
    ] as const) {
      const line = texts.active.replace("{{date}}", formatDateTime(until, language));
      expect(line).not.toMatch(/\.\./);
    }
  });
});
