// @vitest-environment happy-dom
import { describe, expect, it, vi } from "vitest";
import { formatTimeLeft } from "~/domain/duration";
import { pausedOnce, tick } from "./live-page";

describe("the live page's countdown", () => {
  it("writes the time left with the domain's formatter, on the server's clock, and asks again at zero", () => {
    document.body.innerHTML = `<div data-swap><span data-countdown data-to="2030-01-01T00:01:05Z" data-text="Cierra en {{time}}"></span></div>`;
    const root = document.querySelector("[data-swap]")!;
    const refresh = vi.fn();
    vi.useFakeTimers({ now: Date.parse("2030-01-01T00:00:00Z") });
    // The server's clock is 5 s ahead of this browser's.
    tick(root, 5_000, refresh);
    expect(root.querySelector("span")!.textContent).toBe(`Cierra en ${formatTimeLeft(60_000)}`);
    expect(refresh).not.toHaveBeenCalled();
    vi.setSystemTime(Date.parse("2030-01-01T00:01:00Z"));
    tick(root, 5_000, refresh);
    expect(root.querySelector("span")!.textContent).toBe("Cierra en 0 s");
    expect(refresh).toHaveBeenCalledOnce();
    // Done: it does not ask again each second.
    tick(root, 5_000, refresh);
    expect(refresh).toHaveBeenCalledOnce();
    vi.useRealTimers();
  });
});

describe("a burst of live events", () => {
  it("makes one request after a pause between 150 and 600 ms", () => {
    vi.useFakeTimers();
    try {
      const work = vi.fn();
      const asked = pausedOnce(work, () => 1);
      for (let event = 0; event < 10; event++) asked();
      vi.advanceTimersByTime(599);
      expect(work).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(work).toHaveBeenCalledTimes(1);
      asked();
      vi.advanceTimersByTime(150);
      expect(work).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
