import { auth } from "../auth.server";
import type { Route } from "./+types/api-auth";

// better-auth's own endpoints (magic-link verification, OAuth callbacks, session).
export function loader({ request }: Route.LoaderArgs) {
  return auth().handler(request);
}

export function action({ request }: Route.ActionArgs) {
  return auth().handler(request);
}
