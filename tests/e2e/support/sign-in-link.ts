// Following a sign-in link, in one place for every e2e test. The link opens a confirmation page
// that names the account; only its button (a POST) signs in (docs/reliability.md "Hostile user": login CSRF).
import { expect, type Page } from "@playwright/test";
import { SignInLinkPage } from "../pages/auth-pages";

/** Opens `link` in the page, checks it names `email` when given, and presses the button. */
export async function followSignInLink(page: Page, link: string, email?: string): Promise<void> {
  const confirmation = new SignInLinkPage(page);
  await page.goto(link);
  await expect(confirmation.heading).toBeVisible();
  if (email) await expect(confirmation.email).toHaveText(email);
  await confirmation.confirm.click();
  await expect(page).not.toHaveURL((url) => url.pathname === "/auth/link");
}

/**
 * Without a browser: posts the confirmation as the page's form would and answers the session cookie.
 * `headers` adds to the request (e.g. X-Forwarded-For: the auth library limits link checks per address).
 */
export async function signInCookieByFetch(link: string, headers: Record<string, string> = {}): Promise<string> {
  const url = new URL(link);
  const confirmed = await fetch(`${url.origin}${url.pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, Origin: url.origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: url.searchParams,
  });
  return confirmed.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}
