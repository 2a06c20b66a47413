import { test as base, expect, type ConsoleMessage, type Page } from "@playwright/test";
import { axeGateEnabled, describeFindings, reportOnly, watchAccessibility } from "./axe";

/**
 * The `test` every spec uses: it fails a test on any browser console error or page error
 * (a React hydration mismatch, #418, included), on every page the test's context opens.
 *
 * A page a test opens on purpose that answers 4xx (a 404 page, a refused receipt) makes
 * Chromium log "Failed to load resource … status of 4xx": that is the test's point, not a bug. A 4xx
 * to a page script's fetch is not: the scripts get refusals as 200, so it fails the test (listed as
 * "Failed to load resource … (METHOD url)", which `allowedConsoleErrors` can name).
 * A spec that expects some other console error lists it with `test.use({ allowedConsoleErrors: [/…/] })`.
 *
 * Every page runs on Playwright's clock. It flows like the real one until a test skips ahead
 * (`page.clock.runFor`, `expectMovesOnAfter` in ./clock.ts), so what the pages do after 3 or 4 seconds
 * is tested without waiting on, or racing, the wall clock.
 */
export const test = base.extend<{
  allowedConsoleErrors: RegExp[];
  browserErrors: string[];
  axeIgnoredRules: string[];
  accessibility: void;
}>({
  allowedConsoleErrors: [[], { option: true }],
  // A page that runs no JavaScript has no timers to drive (and the clock's script would never answer).
  context: async ({ context, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) await context.clock.install();
    await use(context);
  },
  /** axe rules a spec turns off, each with its reason beside it (none do). */
  axeIgnoredRules: [[], { option: true }],
  // The accessibility gate (support/axe.ts): no serious or critical axe violation on any page opened.
  accessibility: [
    async ({ browser, context, javaScriptEnabled, axeIgnoredRules }, use, testInfo) => {
      if (!axeGateEnabled()) return use();
      const watcher = watchAccessibility(browser, axeIgnoredRules);
      watcher.watchContext(context, { javaScriptEnabled });
      await use();
      const { findings, failures, checkedPages, timeMs } = await watcher.finish();
      testInfo.annotations.push({ type: "axe", description: `${checkedPages} page(s) checked in ${timeMs} ms` });
      expect(failures, "axe could not run").toEqual([]);
      if (reportOnly(findings)) return;
      expect(findings, `axe found serious or critical WCAG violations:\n${describeFindings(findings)}`).toEqual([]);
    },
    { auto: true },
  ],
  browserErrors: [
    async ({ context, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      const expected = [/Failed to load resource: the server responded with a status of 4\d\d/, ...allowedConsoleErrors];
      const watch = (page: Page) => {
        page.on("console", (message: ConsoleMessage) => {
          if (message.type() !== "error") return;
          const text = message.text();
          if (expected.some((pattern) => pattern.test(text))) return;
          errors.push(`console error on ${page.url()}: ${text}`);
        });
        page.on("pageerror", (error) => errors.push(`page error on ${page.url()}: ${error.message}`));
        // A page's own script (a form posted in place, a check) gets a refusal as 200 (app/lib/in-place-answer.ts):
        // a 4xx to a fetch is a console error the person's browser shows, whatever the test meant.
        page.on("response", (response) => {
          const request = response.request();
          if (!["fetch", "xhr"].includes(request.resourceType()) || response.status() < 400 || response.status() >= 500) return;
          const text = `Failed to load resource: the server responded with a status of ${response.status()} (${request.method()} ${response.url()})`;
          if (allowedConsoleErrors.some((pattern) => pattern.test(text))) return;
          errors.push(`console error on ${page.url()}: ${text}`);
        });
      };
      context.pages().forEach(watch);
      context.on("page", watch);
      await use(errors);
      expect(errors, "the browser logged errors (console or uncaught); a hydration error is a bug").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
