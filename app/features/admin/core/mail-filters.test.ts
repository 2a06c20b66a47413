import { describe, expect, it } from "vitest";
import { mailSearch, parseMailFilters } from "./mail-filters";

describe("mail page filters", () => {
  it("reads a known view and a valid cursor, and falls back to failed-and-waiting otherwise", () => {
    expect(parseMailFilters(new URLSearchParams("view=sent&before=2026-01-02T03:04:05.000Z"))).toEqual({
      view: "sent",
      before: new Date("2026-01-02T03:04:05.000Z"),
    });
    expect(parseMailFilters(new URLSearchParams("view=everything&before=yesterday"))).toEqual({ view: "attention", before: null });
  });

  it("writes the default view as the bare path", () => {
    expect(mailSearch({ view: "attention" })).toBe("/admin/mail");
    expect(mailSearch({ view: "failed", before: "2026-01-02T03:04:05.000Z" })).toBe(
      "/admin/mail?view=failed&before=2026-01-02T03%3A04%3A05.000Z",
    );
  });
});
