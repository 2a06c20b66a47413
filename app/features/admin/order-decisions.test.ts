import { describe, expect, it } from "vitest";
import { parseQueueFilters, queueSearch } from "./order-decisions";

describe("queue filters", () => {
  it("default to proofs waiting, any method, page 1", () => {
    expect(parseQueueFilters(new URLSearchParams())).toEqual({ status: "proof_submitted", method: "all", page: 1, done: null });
  });

  it("read known values and ignore the rest", () => {
    expect(parseQueueFilters(new URLSearchParams("status=approved&method=paypal&page=3&done=42"))).toEqual({
      status: "approved",
      method: "paypal",
      page: 3,
      done: 42,
    });
    expect(parseQueueFilters(new URLSearchParams("status=all"))).toMatchObject({ status: "all" });
    expect(parseQueueFilters(new URLSearchParams("status=x&method=toString&page=1e9&done=-1"))).toEqual({
      status: "proof_submitted",
      method: "all",
      page: 1,
      done: null,
    });
    expect(parseQueueFilters(new URLSearchParams("page=0"))).toMatchObject({ page: 1 });
  });

  it("round-trip through the links", () => {
    expect(queueSearch({ status: "all", method: "binance", page: 2 })).toBe("?status=all&method=binance&page=2");
    expect(queueSearch({ status: "proof_submitted", method: "all", page: 1 })).toBe("?status=proof_submitted&method=all");
  });
});
