import { data } from "react-router";
import { readTeamLogo } from "../team-logos.server";
import type { Route } from "./+types/team-logo";

/** Team logos captains uploaded (public, like the team pages that show them); each upload has a new name, so cached for good. */
export async function loader({ params }: Route.LoaderArgs) {
  const bytes = await readTeamLogo(params.file);
  if (!bytes) throw data(null, { status: 404 });
  return new Response(new Uint8Array(bytes), {
    headers: { "Content-Type": "image/webp", "Cache-Control": "public, max-age=31536000, immutable", "X-Content-Type-Options": "nosniff" },
  });
}
