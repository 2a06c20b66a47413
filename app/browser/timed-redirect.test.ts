// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { startTimedRedirect } from "./timed-redirect";

const markup = `<p data-redirect="/store" data-redirect-seconds="3"><span data-redirect-soon hidden>soon</span><a href="/store">now</a><button type="button" data-redirect-stay hidden>stay</button></p>`;

describe("a page that moves on by itself", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("moves on after its seconds, saying so", () => {
    vi.useFakeTimers();
    document.body.innerHTML = markup;
    const assign = vi.spyOn(location, "assign").mockImplementation(() => undefined);
    startTimedRedirect(document);
    expect(document.querySelector<HTMLElement>("[data-redirect-soon]")!.hidden).toBe(false);
    vi.advanceTimersByTime(2_999);
    expect(assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(assign).toHaveBeenCalledWith("/store");
  });

  it("stays when the reader asks (WCAG 2.2.1)", () => {
    vi.useFakeTimers();
    document.body.innerHTML = markup;
    const assign = vi.spyOn(location, "assign").mockImplementation(() => undefined);
    startTimedRedirect(document);
    document.querySelector<HTMLButtonElement>("[data-redirect-stay]")!.click();
    vi.advanceTimersByTime(10_000);
    expect(assign).not.toHaveBeenCalled();
    expect(document.querySelector<HTMLElement>("[data-redirect-soon]")!.hidden).toBe(true);
  });
});
