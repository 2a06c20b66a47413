import { data, redirect } from "react-router";
import { isProfileComplete } from "~/domain/profile";
import { oncePerRequest } from "~/lib/log.server";
import { auth } from "./auth.server";

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
 * The user of the request's session (validated in the database), or null for a visitor. The root
 * loader and the page's loader both ask (React Router gives each loader a Request of its own), so a
 * page's reads share one lookup per request; an action may change the user, so it always looks up.
 */
export function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return lookUpUser(request);
  return oncePerRequest(`user:${request.headers.get("Cookie") ?? ""}`, () => lookUpUser(request));
}

async function lookUpUser(request: Request): Promise<CurrentUser | null> {
  if (!/(^|;\s*)(__Secure-)?arena\.session_token=/.test(request.headers.get("Cookie") ?? "")) return null;
  const session = await auth().api.getSession({ headers: request.headers });
  if (!session) return null;
  const user = session.user as typeof session.user & { age?: number | null; language?: string; isStaff?: boolean };
  const age = user.age ?? null;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    age,
    language: user.language ?? "es",
    isStaff: user.isStaff === true,
    profileComplete: isProfileComplete({ name: user.name, age }),
  };
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
