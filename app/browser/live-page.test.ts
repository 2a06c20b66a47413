// @vitest-environment happy-dom
import { describe, expect, it, vi } from "vitest";
import { formatTimeLeft } from "~/domain/duration";
import { listen, pausedOnce, REOPEN_PAUSE_MS, tick } from "./live-page";

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

/** A stand-in EventSource: the test dispatches its events and closes it. */
class FakeSource extends EventTarget {
  readyState = 1;
  constructor(readonly url: string) {
    super();
  }
  send(type: string, data: string, lastEventId = "") {
    this.dispatchEvent(new MessageEvent(type, { data, lastEventId }));
  }
  fail() {
    this.readyState = 2;
    this.dispatchEvent(new Event("error"));
  }
}

describe("the live stream", () => {
  it("swaps in a fragment, asks again on a change, and reopens after a random pause from the version it shows", () => {
    vi.useFakeTimers();
    try {
      const opened: FakeSource[] = [];
      const open = (url: string) => {
        const source = new FakeSource(url);
        opened.push(source);
        return source as unknown as EventSource;
      };
      const change = vi.fn();
      const fragment = vi.fn();
      listen("/tournaments/final/live?v=aaa", { change, fragment }, () => 0.5, open);
      opened[0]!.send("fragment", "<section data-swap>new</section>", "bbb");
      expect(fragment).toHaveBeenCalledWith("<section data-swap>new</section>");
      opened[0]!.send("change", "");
      expect(change).toHaveBeenCalledOnce();
      // A reconnecting stream (CONNECTING) is left to the browser; a closed one is reopened by the page.
      opened[0]!.readyState = 0;
      opened[0]!.dispatchEvent(new Event("error"));
      vi.advanceTimersByTime(10_000);
      expect(opened).toHaveLength(1);
      opened[0]!.fail();
      const pause = REOPEN_PAUSE_MS.min + 0.5 * REOPEN_PAUSE_MS.spread;
      vi.advanceTimersByTime(pause - 1);
      expect(opened).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(opened[1]!.url).toBe("/tournaments/final/live?v=bbb");
    } finally {
      vi.useRealTimers();
    }
  });
});
