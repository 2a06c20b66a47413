import { data } from "react-router";
import { logoResponse } from "~/lib/logo-images.server";
import { readTeamLogo } from "../team-logos.server";
import type { Route } from "./+types/team-logo";

/** Team logos captains uploaded (public, like the team pages that show them); each upload has a new name, so cached for good. */
export async function loader({ params }: Route.LoaderArgs) {
  const bytes = await readTeamLogo(params.file);
  if (!bytes) throw data(null, { status: 404 });
  return logoResponse(bytes);
}
