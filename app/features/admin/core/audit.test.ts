import { describe, expect, it } from "vitest";
import { auditSearch, parseAuditFilters } from "./audit";

describe("audit filters", () => {
  it("keeps known, well-formed filters", () => {
    const filters = parseAuditFilters(new URLSearchParams("action=exchange_rate.set&entity=tournament&actor=Staff@Example.com&before=40"));
    expect(filters).toEqual({ action: "exchange_rate.set", entity: "tournament", entityId: null, actor: "staff@example.com", before: 40 });
    expect(auditSearch(filters)).toBe("?action=exchange_rate.set&entity=tournament&actor=staff%40example.com&before=40");
  });

  it("drops what it does not understand", () => {
    const filters = parseAuditFilters(new URLSearchParams("action=DROP TABLE&entity=planet&before=-3"));
    expect(filters).toEqual({ action: null, entity: null, entityId: null, actor: null, before: null });
    expect(auditSearch(filters)).toBe("");
  });
});
