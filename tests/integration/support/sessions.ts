import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import { useAuthSettings } from "~/features/auth/auth.server";
import { action as requestLink } from "~/features/auth/routes/auth";
import { loader as authApi } from "~/features/auth/routes/api-auth";
import type { Database } from "~/lib/db.server";
import type { Mail, Mailer } from "~/lib/mail.server";
import { BASE_URL, CookieJar, callRoute, formRequest, getRequest } from "./routes";

/** A mailer that keeps what it is given: for tests about something other than mail delivery. */
export function memoryMailer(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return { sent, send: async (mail) => void sent.push(mail) };
}

export function useTestAuth(database: Database, mailer: Mailer) {
  useAuthSettings({ database, secret: "test-secret-test-secret-test-secret-0123", publicUrl: BASE_URL, mailer, providers: {} });
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
  const link = mail?.text.match(/https?:\/\/\S+magic-link\/verify\?\S+/)?.[0];
  if (!link) throw new Error(`no sign-in link for ${email}`);
  const jar = new CookieJar();
  jar.take((await callRoute(authApi, getRequest(link))).headers);
  await database
    .update(users)
    .set({ name: options.name ?? email.split("@")[0]!, age: 20, isStaff: options.staff ?? false })
    .where(eq(users.email, email));
  const [row] = await database.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { jar, userId: row!.id, baseUrl: BASE_URL };
}
