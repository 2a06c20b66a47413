import { data, redirect } from "react-router";
import { isProfileComplete } from "~/domain/profile";
import { isMemberAt } from "~/features/plus/core/membership";
import { periodsOf } from "~/features/plus/periods.server";
import { db } from "~/lib/db.server";
import { oncePerRequest } from "~/lib/log.server";
import { auth } from "./auth.server";
import { rememberedForUser } from "./session-cache.server";

/** The signed-in person as every page sees them. */
export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  age: number | null;
  language: string;
  isStaff: boolean;
  profileComplete: boolean;
}

/**
 * The user of the request's session (validated in the database, then remembered by this process
 * until that user changes: session-cache.server.ts). The root loader and the page's loader both ask
 * (React Router gives each loader a Request of its own), so a page's reads share one lookup.
 */
export function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  const token = sessionToken(request.headers.get("Cookie") ?? "");
  if (!token) return Promise.resolve(null);
  const remembered = () => rememberedForUser(`session:${token}`, () => lookUpUser(request));
  // Concurrent loaders of one page share the lookup; an action may change the user before the
  // loaders run, so they do not share its answer.
  return request.method === "GET" || request.method === "HEAD" ? oncePerRequest(`user:${token}`, remembered) : remembered();
}

/** The signed session cookie's value (better-auth's name, with the `__Secure-` prefix on HTTPS). */
function sessionToken(cookieHeader: string): string | undefined {
  return /(?:^|;\s*)(?:__Secure-)?arena\.session_token=([^;]+)/.exec(cookieHeader)?.[1];
}

async function lookUpUser(request: Request) {
  const session = await auth().api.getSession({ headers: request.headers });
  if (!session) return { value: null, userId: null };
  const user = session.user as typeof session.user & { age?: number | null; language?: string; isStaff?: boolean };
  const age = user.age ?? null;
  const current: CurrentUser = {
    id: user.id,
    email: user.email,
    name: user.name,
    age,
    language: user.language ?? "es",
    isStaff: user.isStaff === true,
    profileComplete: isProfileComplete({ name: user.name, age }),
  };
  return { value: current, userId: user.id, keepUntil: new Date(session.session.expiresAt).getTime() };
}

/**
 * Whether the person holds Plus at `now` (the badge beside the greeting; a page's member-only parts),
 * from their Plus periods remembered like the session: a change to their periods drops the copy on
 * every instance, and membership is worked out from the periods at each request, so one that ends by
 * time is seen at once. Decisions about money or rights read the database (`membershipOf`).
 */
export async function isPlusMember(userId: string, now = new Date()): Promise<boolean> {
  const periods = await rememberedForUser(`plus-periods:${userId}`, async () => ({ value: await periodsOf(db(), userId), userId }));
  return isMemberAt(periods, now);
}

/** For loaders and actions that need a signed-in user: visitors go to /auth and come back. */
export async function requireUser(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user;
}

/**
 * For back-office loaders and actions: anyone who is not signed-in staff (visitors included) gets a
 * 404, so the back-office's addresses reveal nothing; staff sign in at /auth like everyone else.
 */
export async function requireStaff(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (!user?.isStaff) throw data(null, { status: 404 });
  return user;
}
