import { describe, expect, it } from "vitest";
import { formatTimeLeft } from "~/domain/duration";
import { LIVE_PAGE_SCRIPT, LIVE_PAUSE_MS, TIME_LEFT_JS } from "./live-page-script";

describe("the live page script", () => {
  it("writes time left exactly as the server does", () => {
    const timeLeft = new Function(`return (${TIME_LEFT_JS})`)() as (ms: number) => string;
    for (const ms of [
      -5, 0, 1, 999, 1000, 45_000, 59_001, 60_000, 750_500, 3_599_999, 3_600_000, 3_900_000, 86_399_000, 86_400_000, 183_600_000,
    ])
      expect(timeLeft(ms), String(ms)).toBe(formatTimeLeft(ms));
  });

  it("fetches the page once per burst of server events, after a short pause, and shows the latest render", async () => {
    // Just enough of a browser for the live part: the block, server-sent events, fetch, DOMParser, timers.
    const root = {
      innerHTML: "first",
      getAttribute: (name: string) => (name === "data-live" ? "/tournaments/t1/live" : null),
      querySelector: () => null,
      addEventListener: () => undefined,
    };
    const listeners: Array<() => void> = [];
    class FakeEventSource {
      constructor(readonly url: string) {}
      addEventListener(_type: string, listener: () => void) {
        listeners.push(listener);
      }
    }
    const fetches: Array<(html: string) => void> = [];
    const fakeFetch = () => new Promise((resolve) => fetches.push((html) => resolve({ ok: true, text: () => Promise.resolve(html) })));
    class FakeDOMParser {
      parseFromString(html: string) {
        return { querySelector: (selector: string) => (selector === "[data-swap]" ? { innerHTML: html } : null) };
      }
    }
    const timers: Array<{ run: () => void; ms: number }> = [];
    const fakeSetTimeout = (run: () => void, ms: number) => timers.push({ run, ms });
    const elapse = () => timers.splice(0).forEach((timer) => timer.run());
    const document = { querySelector: (selector: string) => (selector === "[data-swap]" ? root : null) };
    const run = new Function(
      "document",
      "window",
      "EventSource",
      "fetch",
      "DOMParser",
      "location",
      "setInterval",
      "setTimeout",
      LIVE_PAGE_SCRIPT,
    );
    run(document, { EventSource: FakeEventSource }, FakeEventSource, fakeFetch, FakeDOMParser, { href: "/b" }, () => 0, fakeSetTimeout);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    const change = () => listeners.forEach((listener) => listener());

    // A burst: nothing is fetched at once, one fetch after the pause.
    change();
    change();
    change();
    expect(fetches).toHaveLength(0);
    expect(timers).toHaveLength(1);
    expect(timers[0]!.ms).toBeGreaterThanOrEqual(LIVE_PAUSE_MS.min);
    expect(timers[0]!.ms).toBeLessThan(LIVE_PAUSE_MS.min + LIVE_PAUSE_MS.spread);
    elapse();
    expect(fetches).toHaveLength(1);
    fetches[0]!("second");
    await settle();
    expect(root.innerHTML).toBe("second");
    expect(fetches).toHaveLength(1);

    // Events that come while a fetch is under way make exactly one more after it.
    change();
    elapse();
    expect(fetches).toHaveLength(2);
    change();
    change();
    elapse();
    expect(fetches).toHaveLength(2);
    fetches[1]!("third");
    await settle();
    expect(fetches).toHaveLength(3);
    fetches[2]!("fourth");
    await settle();
    expect(root.innerHTML).toBe("fourth");
    expect(fetches).toHaveLength(3);
  });
});
