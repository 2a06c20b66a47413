import { eq } from "drizzle-orm";
import { afterAll, beforeEach } from "vitest";
import { users } from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { useAuthSettings } from "~/features/auth/auth.server";
import { action as requestLink } from "~/features/auth/routes/auth";
import { action as confirmLink, loader as linkPage } from "~/features/auth/routes/link";
import type { Database, DatabaseHandle } from "~/lib/db.server";
import type { Mail, Mailer } from "~/lib/mail.server";
import { useTestDatabase } from "../test-database";
import { BASE_URL, CookieJar, callRoute, formRequest, getRequest } from "./routes";

/** A mailer that keeps what it is given: for tests about something other than mail delivery. */
export function memoryMailer(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return { sent, send: async (mail) => void sent.push(mail) };
}

export function useTestAuth(database: Database, mailer: Mailer) {
  useAuthSettings({ database, secret: "test-secret-test-secret-test-secret-0123", publicUrl: BASE_URL, mailer, providers: {} });
}

/**
 * The set-up of a file whose tests sign people in (`signInAs`): the test database, emptied before each
 * test (and given the demo data with `seed`), sign-in by link mailing to `mailer` (emptied before each
 * test too), and the auth settings put back when the file ends.
 */
export function useSignInTest({ seed = false }: { seed?: boolean } = {}): { handle: DatabaseHandle; mailer: Mailer & { sent: Mail[] } } {
  const handle = useTestDatabase();
  const mailer = memoryMailer();
  beforeEach(async () => {
    if (seed) await seedDemoData(handle.db);
    mailer.sent.length = 0;
    useTestAuth(handle.db, mailer);
  });
  afterAll(() => useAuthSettings(undefined));
  return { handle, mailer };
}

/** A sign-in link in a mail's text: our confirmation page with its token. */
export const SIGN_IN_LINK = /https?:\/\/\S+\/auth\/link\?\S+/;

/**
 * Follows a sign-in link as a browser does: opens the confirmation page (which signs in nobody), then
 * presses its button (the POST that uses the link up). Every test that signs in by link goes through
 * here. `email` is who the page said it would sign in; `status`/`location` are the last answer's;
 * `clientIp` is the address the confirmation comes from (the auth library limits link checks per address).
 */
export async function openSignInLink(link: string, jar = new CookieJar(), clientIp?: string) {
  const page = await callRoute<{ email: string; fields: Record<string, string> }>(linkPage, getRequest(link, jar.header()));
  if (page.status !== 200 || !page.data) return { status: page.status, location: page.location, jar, email: null };
  const confirmed = await callRoute(confirmLink, formRequest(new URL(link).pathname, page.data.fields, jar.header(), clientIp));
  jar.take(confirmed.headers);
  return { status: confirmed.status, location: confirmed.location, jar, email: page.data.email };
}

/** Signs in by e-mail link as a real browser would and returns the cookie jar; optionally staff. */
export async function signInAs(
  database: Database,
  mailer: Mailer & { sent: Mail[] },
  email: string,
  options: { staff?: boolean; name?: string } = {},
) {
  await callRoute(requestLink, formRequest("/auth", { email }, "", `198.51.100.${Math.floor(Math.random() * 250)}`));
  const mail = [...mailer.sent].reverse().find((candidate) => candidate.to === email);
  const link = mail?.text.match(SIGN_IN_LINK)?.[0];
  if (!link) throw new Error(`no sign-in link for ${email}`);
  const { jar } = await openSignInLink(link);
  await database
    .update(users)
    .set({ name: options.name ?? email.split("@")[0]!, age: 20, isStaff: options.staff ?? false })
    .where(eq(users.email, email));
  const [row] = await database.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { jar, userId: row!.id, baseUrl: BASE_URL };
}
