// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createAlertQueue, parseAlert } from "./donation-alerts";

const alert = (amount: string) => ({ who: "@ana", amount, message: "" });

describe("the donation overlay", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows one alert at a time, each for its time, in the order they came, then hides", () => {
    const shown: string[] = [];
    let hidden = 0;
    const queue = createAlertQueue(
      (next) => shown.push(next.amount),
      () => hidden++,
      1000,
    );
    queue.push(alert("$1"));
    queue.push(alert("$2"));
    expect(shown).toEqual(["$1"]);
    vi.advanceTimersByTime(999);
    expect(shown).toEqual(["$1"]);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual(["$1", "$2"]);
    vi.advanceTimersByTime(1000);
    expect(hidden).toBe(1);
    queue.push(alert("$3"));
    expect(shown).toEqual(["$1", "$2", "$3"]);
  });

  it("keeps at most so many waiting: a burst drops the oldest waiting, never the one on screen", () => {
    const shown: string[] = [];
    const queue = createAlertQueue(
      (next) => shown.push(next.amount),
      () => undefined,
      1000,
      2,
    );
    for (const amount of ["$1", "$2", "$3", "$4"]) queue.push(alert(amount));
    expect(queue.waiting()).toBe(2);
    vi.advanceTimersByTime(3000);
    expect(shown).toEqual(["$1", "$3", "$4"]);
  });

  it("reads only well-formed events", () => {
    expect(parseAlert('{"who":null,"amount":"$5,00","message":"hola"}')).toEqual({ who: null, amount: "$5,00", message: "hola" });
    expect(parseAlert('{"who":"@ana","amount":"$60.00","message":"","gift":"👑 3 × Corona"}')).toEqual({
      who: "@ana",
      amount: "$60.00",
      message: "",
      gift: "👑 3 × Corona",
    });
    expect(parseAlert('{"who":"@ana","amount":5}')).toBeNull();
    expect(parseAlert("not json")).toBeNull();
  });
});
