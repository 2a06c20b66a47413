import { data } from "react-router";
import { logoResponse } from "~/lib/logo-images.server";
import { readOrganizationLogo } from "../organization-logos.server";
import type { Route } from "./+types/organization-logo";

/** Organizations' logos (public, like the pages that show them). */
export async function loader({ params }: Route.LoaderArgs) {
  const bytes = await readOrganizationLogo(params.file);
  if (!bytes) throw data(null, { status: 404 });
  return logoResponse(bytes);
}
