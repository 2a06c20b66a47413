import { describe, expect, it } from "vitest";
import { FIRST_PAGE, decodeCursor, encodeCursor, pageSearch, parsePageAsk, readKeysetPage, type PageAsk } from "./page-cursor";

const cursor = { at: "2026-11-21 21:40:01.123456+00", id: "0b9c2d1e-aaaa-4bbb-8ccc-123456789abc" };

describe("page cursors", () => {
  it("travel in a link and come back the same", () => {
    const encoded = encodeCursor(cursor);
    expect(encoded).toMatch(/^[\w-]+$/);
    expect(decodeCursor(encoded)).toEqual(cursor);
  });

  it("anything else is no cursor (the list starts over), never an error", () => {
    for (const bad of [null, "", "!!", "a".repeat(300), btoa("no bar"), btoa("yesterday|abc"), btoa(`${cursor.at}|a b`), "%%%"])
      expect(decodeCursor(bad)).toBeNull();
  });

  it("after= asks for the next page, before= for the previous one, nonsense for the first", () => {
    const encoded = encodeCursor(cursor);
    expect(parsePageAsk(new URLSearchParams(`after=${encoded}`))).toEqual({ cursor, toward: "next" });
    expect(parsePageAsk(new URLSearchParams(`before=${encoded}`))).toEqual({ cursor, toward: "previous" });
    expect(parsePageAsk(new URLSearchParams("after=junk&page=3"))).toEqual(FIRST_PAGE);
  });

  it("a page's query string keeps the list's filters and carries one cursor", () => {
    const search = pageSearch(new URLSearchParams("status=all&before=x"), "next", cursor);
    const params = new URLSearchParams(search);
    expect(params.get("status")).toBe("all");
    expect(params.get("before")).toBeNull();
    expect(decodeCursor(params.get("after"))).toEqual(cursor);
  });
});

describe("reading a keyset page", () => {
  const rows = (ids: number[]) => ids.map((n) => ({ at: `2026-01-01 00:00:0${n}+00`, id: `r${n}` }));
  const at = (row: { at: string; id: string }) => ({ at: row.at, id: row.id });

  it("first page: a next page only when one row more came back", () => {
    expect(readKeysetPage(rows([1, 2, 3]), FIRST_PAGE, 2, at)).toEqual({ rows: rows([1, 2]), next: at(rows([2])[0]!), previous: null });
    expect(readKeysetPage(rows([1, 2]), FIRST_PAGE, 2, at)).toEqual({ rows: rows([1, 2]), next: null, previous: null });
  });

  it("walking forward from a row: a previous page exists", () => {
    const ask: PageAsk = { cursor: at(rows([2])[0]!), toward: "next" };
    expect(readKeysetPage(rows([3, 4]), ask, 2, at)).toEqual({ rows: rows([3, 4]), next: null, previous: at(rows([3])[0]!) });
  });

  it("walking back: rows arrive reversed and are shown in list order; a next page exists", () => {
    const ask: PageAsk = { cursor: at(rows([5])[0]!), toward: "previous" };
    expect(readKeysetPage(rows([4, 3, 2]), ask, 2, at)).toEqual({
      rows: rows([3, 4]),
      next: at(rows([4])[0]!),
      previous: at(rows([3])[0]!),
    });
    expect(readKeysetPage(rows([2, 1]), ask, 2, at)).toEqual({ rows: rows([1, 2]), next: at(rows([2])[0]!), previous: null });
  });

  it("an empty page has no neighbours", () => {
    expect(readKeysetPage([], { cursor: at(rows([1])[0]!), toward: "next" }, 2, at)).toEqual({ rows: [], next: null, previous: null });
  });
});
