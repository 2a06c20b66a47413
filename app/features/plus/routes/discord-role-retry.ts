import { redirect } from "react-router";
import { safeRedirectTarget } from "~/domain/redirect";
import { requireUser } from "~/features/auth/session.server";
import { fail } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { readForm } from "~/lib/http.server";
import { withinLimit } from "~/lib/rate-limit.server";
import { retryDiscordRole } from "../discord-role.server";
import type { Route } from "./+types/discord-role-retry";

/**
 * POST only: the signed-in member asks Discord for the premium role again after a refusal (the
 * "Reintentar" of the profile and the Plus page, docs/plus.md). Only the caller's own role; back to
 * the page it came from (same origin only).
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  if (!(await withinLimit(db(), "discordRoleRetry", user.id))) return fail("RATE_LIMITED", 429);
  const form = await readForm(request);
  // Queued or not (nothing was refused), the page it came from shows the role's state now.
  await retryDiscordRole(db(), user.id);
  return redirect(safeRedirectTarget(form.get("redirectTo")));
}

export async function loader() {
  throw redirect("/plus");
}
