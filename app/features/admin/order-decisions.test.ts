import { describe, expect, it } from "vitest";
import { parseQueueFilters, queueParams } from "./order-decisions";

describe("queue filters", () => {
  it("default to proofs waiting, any method", () => {
    expect(parseQueueFilters(new URLSearchParams())).toEqual({ status: "proof_submitted", method: "all", kind: "all", done: null });
  });

  it("read known values and ignore the rest", () => {
    expect(parseQueueFilters(new URLSearchParams("status=approved&method=paypal&page=3&done=42"))).toEqual({
      status: "approved",
      method: "paypal",
      kind: "all",
      done: 42,
    });
    expect(parseQueueFilters(new URLSearchParams("status=all"))).toMatchObject({ status: "all" });
    expect(parseQueueFilters(new URLSearchParams("status=x&method=toString&page=1e9&done=-1"))).toEqual({
      status: "proof_submitted",
      method: "all",
      kind: "all",
      done: null,
    });
    expect(parseQueueFilters(new URLSearchParams("kind=store")).kind).toBe("store");
    expect(parseQueueFilters(new URLSearchParams("kind=constructor")).kind).toBe("all");
  });

  it("round-trip through the links", () => {
    expect(queueParams({ status: "all", method: "binance" }).toString()).toBe("status=all&method=binance");
    expect(queueParams({ status: "approved", method: "all", kind: "store" }).toString()).toBe("status=approved&method=all&kind=store");
    expect(queueParams({ status: "proof_submitted", method: "all" }, "#12").toString()).toBe("status=proof_submitted&method=all&q=%2312");
  });
});
