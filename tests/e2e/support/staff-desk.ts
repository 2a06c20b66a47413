// What staff do at their own browser in the middle of a player's walk (not the player's taps):
// a phone in Caracas, on its own internet address, signed in once.
import { expect, type Browser, type Page } from "@playwright/test";
import { StaffReviewPage } from "../pages/order-pages";
import { randomClientIp } from "./auth-fixtures";
import { signInOnce, type AppServer } from "./server-fixture";

/** A second person's phone: a context of its own at `site`, in Caracas, on its own internet address, on the test clock. */
export async function otherPhone(browser: Browser, site: Pick<AppServer, "url">) {
  const context = await browser.newContext({
    baseURL: site.url,
    locale: "es-VE",
    timezoneId: "America/Caracas",
    viewport: { width: 360, height: 780 },
    extraHTTPHeaders: { "X-Forwarded-For": randomClientIp() },
  });
  await context.clock.install();
  return { context, page: await context.newPage() };
}

/** Opens `path` as the staff member `email` on a phone of their own, runs `work` there, and closes it. */
export async function asStaff(browser: Browser, site: AppServer, email: string, path: string, work: (page: Page) => Promise<void>) {
  const { context, page } = await otherPhone(browser, site);
  try {
    await signInOnce(page, site, email, path);
    await work(page);
  } finally {
    await context.close();
  }
}

/** Staff approve the order (and deliver a top-up in the same step, with the provider's reference). */
export function staffApprove(browser: Browser, site: AppServer, email: string, orderId: string, deliverWith?: string) {
  return asStaff(browser, site, email, `/admin/orders/${orderId}`, async (page) => {
    if (deliverWith) {
      await page.getByTestId("approve-deliver-reference").fill(deliverWith);
      await page.getByTestId("approve_deliver").click();
    } else {
      await new StaffReviewPage(page).approve.click();
    }
    await expect(page).toHaveURL((url) => url.pathname.startsWith("/admin/orders") && url.searchParams.has("done"));
  });
}
