import { checkIdAction } from "../game-page.server";
import { idParam } from "~/lib/http.server";
import type { Route } from "./+types/check-id";

/** The game page's ID check as JSON, for its script (no page reload). */
export async function action({ request, params }: Route.ActionArgs) {
  return checkIdAction(request, idParam(params.gameId));
}
