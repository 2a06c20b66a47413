import type { Page } from "@playwright/test";
import { test as base, expect } from "./test";
import { AuthPage, ProfilePage, type ProfileValues } from "../pages/auth-pages";
import { signInLink } from "./mailbox";
import { followSignInLink } from "./sign-in-link";

/**
 * All tests share one server, which allows RATE_LIMITS.magicLinkPerIp link requests per client address in 10 minutes.
 * The server trusts X-Forwarded-For from loopback (a reverse proxy on the same machine), so each
 * test presents itself as its own client and never eats another test's allowance.
 */
export function randomClientIp(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

/** A fresh, lower-case address nobody else uses (the server stores addresses lower-cased). */
export function uniqueEmail(prefix = "ana"): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export const test = base.extend<{ clientIp: string }>({
  clientIp: async ({}, use) => {
    await use(randomClientIp());
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders, clientIp }, use) => {
    await use({ ...extraHTTPHeaders, "X-Forwarded-For": clientIp });
  },
});

export { expect };

/** Asks for a link from `path` (an /auth URL) and returns the link that arrives by mail. */
export async function requestSignInLink(page: Page, email: string, path = "/auth"): Promise<string> {
  const auth = new AuthPage(page);
  await auth.open(path);
  const askedAt = new Date();
  await auth.requestLink(email);
  await expect(auth.linkSent).toContainText(email);
  return signInLink(email, { after: askedAt });
}

/** A new person follows their first link and lands on the profile form. */
export async function openProfileAsNewUser(page: Page, email: string): Promise<ProfilePage> {
  const link = await requestSignInLink(page, email);
  await followSignInLink(page, link, email);
  await expect(page).toHaveURL((url) => url.pathname === "/auth/profile" && url.searchParams.get("email") === email);
  const profile = new ProfilePage(page);
  await expect(profile.email).toHaveValue(email);
  return profile;
}

/** Creates a complete account through the UI; the page ends where the profile form sends it. */
export async function signUp(page: Page, email: string, values: ProfileValues & { fullname: string }): Promise<void> {
  const profile = await openProfileAsNewUser(page, email);
  await profile.save(values);
  await expect(profile.saved).toBeVisible();
  // The saved page moves on by itself after 4 s (SPEC §4); skip ahead to it, so that it cannot cut
  // the caller's next navigation short. Only skipped: the page's clock also flows with real time, so
  // on a loaded machine "not yet after 2 s" is not knowable here (auth.spec tests the 4 s themselves).
  await page.clock.runFor(4_000).catch(() => undefined);
  await expect(page).toHaveURL((url) => url.pathname !== "/auth/profile");
}
