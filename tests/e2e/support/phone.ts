import type { Browser, Page } from "@playwright/test";
import { randomClientIp } from "./auth-fixtures";
import { expect, type AppServer } from "./server-fixture";

/** The phone width every page must fit (DESIGN.md: 360 px). */
export const PHONE = { width: 360, height: 740 };

/** Another person on their own phone, behind an address of their own (a fresh context: no cookies shared). */
export async function personAt(browser: Browser, arena: AppServer) {
  const context = await browser.newContext({
    baseURL: arena.url,
    locale: "es-VE",
    viewport: PHONE,
    extraHTTPHeaders: { "X-Forwarded-For": randomClientIp() },
  });
  return context.newPage();
}

export const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

/** A calendar day `days` from now in Caracas (UTC−4), as the date inputs take it. */
export const caracasDay = (days: number) => new Date(Date.now() - 4 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
