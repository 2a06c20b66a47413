import { expect, type Page } from "@playwright/test";

/**
 * Pages that move on by themselves (SPEC §4: 3 s after a payment or a registration, 4 s after the
 * profile) are tested on Playwright's clock instead of the wall clock, so a loaded machine can neither
 * fail them nor make them wait. `page.clock.install()` must run before the page loads; time still
 * flows on its own, and this skips ahead: half the delay leaves the page where it is, the whole delay
 * moves it on.
 */
export async function expectMovesOnAfter(page: Page, delayMs: number, arrived: (url: URL) => boolean) {
  await page.clock.runFor(delayMs / 2);
  expect(arrived(new URL(page.url())), `still on ${page.url()} before ${delayMs} ms`).toBe(false);
  // The page may navigate while the clock runs; the navigation is what the test waits for.
  await page.clock.runFor(delayMs).catch(() => undefined);
  await expect(page).toHaveURL(arrived);
}
