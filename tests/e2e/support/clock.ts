import { expect, type Page } from "@playwright/test";

/**
 * Pages that move on by themselves (SPEC §4: 3 s after a payment or a registration, 4 s after the
 * profile) are tested on Playwright's clock instead of the wall clock, so a loaded machine can neither
 * fail them nor make them wait. `page.clock.install()` must run before the page loads; time still
 * flows on its own, so this pauses the clock before the page's timer is due, checks the page has not
 * moved, then runs the clock to the due time and checks it has.
 */
export async function expectMovesOnAfter(page: Page, delayMs: number, arrived: (url: URL) => boolean) {
  // The page's clock also flows with real time, so the moment its timer started is read from the page
  // (data-redirect-due, set by app/browser/timed-redirect.ts) and the clock is paused before looking:
  // a loaded machine can then neither fail the "not yet" check nor hide an early move. Call this as
  // soon as the page that moves has arrived, before anything slow (waiting for a mail).
  const redirect = page.locator("[data-redirect-due]");
  await expect
    .poll(async () => arrived(new URL(page.url())) || (await redirect.count().catch(() => 0)) > 0, {
      message: "the page shows its timed move (data-redirect-due) or has moved",
    })
    .toBe(true);
  const timer = await page
    .evaluate(() => ({ due: Number(document.querySelector("[data-redirect-due]")?.getAttribute("data-redirect-due")), now: Date.now() }))
    .catch(() => null);
  if (!timer || !timer.due || arrived(new URL(page.url()))) {
    // A machine so loaded that the move came before the test could look: only the move is checked.
    await expect(page).toHaveURL(arrived);
    return;
  }
  const { due, now } = timer;
  // Half a second ahead: Playwright refuses a pause its clock has already passed.
  const pausedAt = now + 500;
  const paused =
    pausedAt < due &&
    (await page.clock.pauseAt(pausedAt).then(
      () => true,
      () => false,
    ));
  if (paused) {
    expect(arrived(new URL(page.url())), `moved before its ${delayMs} ms`).toBe(false);
    // The page may navigate while the clock runs; the navigation is what the test waits for.
    await page.clock.runFor(due - pausedAt + 50).catch(() => undefined);
    await expect(page).toHaveURL(arrived);
    await page.clock.resume();
    return;
  }
  // Too late to pause before the timer (a very loaded machine): only the move itself is checked.
  await page.clock.runFor(delayMs).catch(() => undefined);
  await expect(page).toHaveURL(arrived);
}
