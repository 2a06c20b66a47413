import { describe, expect, it } from "vitest";
import { parseIdempotencyKey, sameOrderContent, scopedIdempotencyKey, type OrderContent } from "./idempotency";

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

  it("tells a retry (same content, lines in any order) from another purchase under the same key", () => {
    const order: OrderContent = {
      kind: "store",
      paymentMethod: "pago_movil",
      currency: "VES",
      amountUsd: 400,
      phone: "04121234567",
      gamerId: "123456789",
      gameServer: null,
      tournamentId: null,
      lines: [
        { packageId: "free-fire-110", quantity: 1 },
        { packageId: "free-fire-341", quantity: 1 },
      ],
    };
    expect(sameOrderContent(order, { ...order, lines: [...order.lines].reverse() })).toBe(true);
    for (const other of [
      { ...order, lines: [{ packageId: "free-fire-110", quantity: 2 }, order.lines[1]!] },
      { ...order, lines: [order.lines[0]!] },
      { ...order, paymentMethod: "binance", currency: "USD" },
      { ...order, amountUsd: 500 },
      { ...order, gamerId: "987654321" },
      { ...order, phone: "04141234567" },
      { ...order, kind: "plus" },
    ])
      expect(sameOrderContent(order, other)).toBe(false);
  });
});
