import { describe, expect, it } from "vitest";
import { parseIdempotencyKey, scopedIdempotencyKey } from "./idempotency";

describe("idempotency keys", () => {
  it("accepts a UUID and refuses anything that is not a short plain key", () => {
    expect(parseIdempotencyKey("0b6f1f7e-8f8a-4a57-9a65-1b6a1c2d3e4f")).toBe("0b6f1f7e-8f8a-4a57-9a65-1b6a1c2d3e4f");
    for (const bad of [null, undefined, 42, "", "short", "x".repeat(65), "a b c d e f g h", "'; drop table orders; --", "ключключключ"]) {
      expect(parseIdempotencyKey(bad)).toBeNull();
    }
  });

  it("scopes a key by purchase", () => {
    expect(scopedIdempotencyKey("store", "abcdefgh")).toBe("store:abcdefgh");
    expect(scopedIdempotencyKey({ tournamentId: "t1" }, "abcdefgh")).toBe("tournament:t1:abcdefgh");
    expect(scopedIdempotencyKey("store", null)).toBeNull();
  });
});
