import { redirect } from "react-router";
import { requireUser } from "~/features/auth/session.server";
import { db } from "~/lib/db.server";
import { handleOf } from "../teams.server";
import type { Route } from "./+types/me";

/**
 * "My stats" (the landing's "Panel de estadísticas"): the player's own public page with their record,
 * teams and places; without a public name yet, the form that sets one. Visitors sign in first.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const handle = await handleOf(db(), user.id);
  return redirect(handle ? `/players/${handle}` : "/teams#handle");
}
