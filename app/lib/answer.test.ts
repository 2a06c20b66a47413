import { describe, expect, it } from "vitest";
import { typedOf } from "./answer";

describe("typedOf", () => {
  it("gives back what a refused form sent as typed, and nothing for any other answer", () => {
    expect(typedOf({ ok: false, code: "X", typed: { phone: "0412" } })).toEqual({ phone: "0412" });
    expect(typedOf({ ok: false, code: "X" })).toEqual({});
    expect(typedOf({ ok: true, typed: { phone: "0412" } })).toEqual({});
    expect(typedOf(undefined)).toEqual({});
  });
});
