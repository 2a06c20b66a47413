import { describe, expect, it } from "vitest";
import { decodeKeyset, encodeKeyset, keysetPage } from "./keyset";

describe("keyset cursor", () => {
  it("round-trips a timestamp and a day", () => {
    const stamp = { key: "2026-11-27T00:30:00.123456Z", id: "abc" };
    expect(decodeKeyset(encodeKeyset(stamp), "timestamp")).toEqual(stamp);
    const day = { key: "2026-12-01", id: "r1" };
    expect(decodeKeyset(encodeKeyset(day), "day")).toEqual(day);
  });

  it("answers null to anything forged, so the first page is shown", () => {
    expect(decodeKeyset(null, "day")).toBeNull();
    expect(decodeKeyset("%%%", "day")).toBeNull();
    expect(decodeKeyset(Buffer.from("[1,2]").toString("base64url"), "day")).toBeNull();
    expect(decodeKeyset(encodeKeyset({ key: "2026-02-30", id: "x" }), "day")).toBeNull();
    expect(decodeKeyset(encodeKeyset({ key: "2026-12-01", id: "x" }), "timestamp")).toBeNull();
    expect(decodeKeyset(encodeKeyset({ key: "2026-11-27T00:30:00.123Z", id: "x" }), "timestamp")).toBeNull();
    expect(decodeKeyset(encodeKeyset({ key: "2026-11-27T25:30:00.123456Z", id: "x" }), "timestamp")).toBeNull();
    expect(decodeKeyset(encodeKeyset({ key: "2026-12-01'; drop table teams", id: "x" }), "day")).toBeNull();
    expect(decodeKeyset(encodeKeyset({ key: "2026-12-01", id: "" }), "day")).toBeNull();
    expect(decodeKeyset("a".repeat(201), "day")).toBeNull();
  });

  it("gives a next cursor only when a row beyond the page was read", () => {
    const rows = [
      { k: "2026-01-03", id: "c" },
      { k: "2026-01-02", id: "b" },
      { k: "2026-01-01", id: "a" },
    ];
    const page = keysetPage(rows, 2, (row) => ({ key: row.k, id: row.id }));
    expect(page.rows).toHaveLength(2);
    expect(decodeKeyset(page.next, "day")).toEqual({ key: "2026-01-02", id: "b" });
    expect(keysetPage(rows, 3, (row) => ({ key: row.k, id: row.id })).next).toBeNull();
  });
});
