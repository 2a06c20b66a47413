import { describe, expect, it } from "vitest";
import { ORDER_KINDS } from "~/features/orders/core/lifecycle";
import adminEs from "../../../locales/es/admin.json";
import adminEn from "../../../locales/en/admin.json";

describe("order kinds in the staff's pages", () => {
  it("has a name for every kind in both languages (the queue showed the raw 'plus')", () => {
    for (const texts of [adminEs, adminEn])
      for (const kind of ORDER_KINDS) expect((texts.kinds as Record<string, string>)[kind], kind).toBeTruthy();
  });
});
