import { describe, expect, it } from "vitest";
import { mailSearch, parseMailFilters } from "./mail-filters";

describe("mail page filters", () => {
  it("reads a known view and a valid cursor, and falls back to failed-and-waiting otherwise", () => {
    expect(parseMailFilters(new URLSearchParams("view=sent&before=120"))).toEqual({ view: "sent", before: 120 });
    expect(parseMailFilters(new URLSearchParams("view=everything&before=-3"))).toEqual({ view: "attention", before: null });
  });

  it("writes the default view as the bare path", () => {
    expect(mailSearch({ view: "attention" })).toBe("/admin/mail");
    expect(mailSearch({ view: "failed", before: 120 })).toBe("/admin/mail?view=failed&before=120");
  });
});
