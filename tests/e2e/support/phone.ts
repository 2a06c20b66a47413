import type { Browser, Page } from "@playwright/test";
import { randomClientIp } from "./auth-fixtures";
import { expect, type AppServer } from "./server-fixture";

/** The phone width every page must fit (DESIGN.md: 360 px). */
export const PHONE = { width: 360, height: 740 };

/** Playwright's default viewport, for the people (mostly staff) who work at a desk. */
export const DESKTOP = { width: 1280, height: 720 };

export interface PersonOptions {
  /** The browser's language (default "es-VE"). */
  locale?: string;
  /** Default PHONE. */
  viewport?: { width: number; height: number };
  /** A touch phone (isMobile + hasTouch), not only a narrow window. */
  touch?: boolean;
  javaScriptEnabled?: boolean;
  /** Playwright's clock installed before the page, as the shared fixture's pages are: nothing moves on by itself. */
  clock?: boolean;
}

/**
 * Another person on their own device in Caracas, behind an address of their own (a fresh context: no
 * cookies shared); close it with `page.context().close()`.
 */
export async function personAt(browser: Browser, arena: AppServer, options: PersonOptions = {}) {
  const context = await browser.newContext({
    baseURL: arena.url,
    locale: options.locale ?? "es-VE",
    timezoneId: "America/Caracas",
    viewport: options.viewport ?? PHONE,
    ...(options.touch ? { isMobile: true, hasTouch: true } : {}),
    ...(options.javaScriptEnabled === undefined ? {} : { javaScriptEnabled: options.javaScriptEnabled }),
    extraHTTPHeaders: { "X-Forwarded-For": randomClientIp() },
  });
  if (options.clock) await context.clock.install();
  return context.newPage();
}

/** The page is no wider than its own viewport: nothing to scroll sideways. */
export const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

/** A calendar day `days` from now in Caracas (UTC−4), as the date inputs take it. */
export const caracasDay = (days: number) => new Date(Date.now() - 4 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
