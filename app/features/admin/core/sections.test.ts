import { describe, expect, it } from "vitest";
import { currentSection } from "./sections";

describe("currentSection", () => {
  it("finds the section of a page and its sub-pages", () => {
    expect(currentSection("/admin")).toBe("dashboard");
    expect(currentSection("/admin/")).toBe("dashboard");
    expect(currentSection("/admin/orders/abc")).toBe("orders");
    expect(currentSection("/admin/tournaments/new")).toBe("tournaments");
    expect(currentSection("/admin/ordersx")).toBeNull();
    expect(currentSection("/admin/support")).toBe("support");
  });
});
