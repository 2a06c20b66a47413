import { requireUser } from "~/features/auth/session.server";
import { db } from "~/lib/db.server";
import { idParam, notFoundIfNullish } from "~/lib/http.server";
import { listEntrants } from "../competition-reads.server";
import { findLobbyReport } from "../lobby-reports.server";
import { screenshotStorage } from "../screenshots.server";
import type { Route } from "./+types/lobby-screenshot";

/** A team's battle-royale lobby screenshot: staff and that team's captain only; anyone else gets the same 404 as a missing one. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const tournamentId = idParam(params.tournamentId);
  const lobbyText = idParam(params.lobby);
  const registrationId = idParam(params.registrationId);
  const report = notFoundIfNullish(
    /^\d{1,4}$/.test(lobbyText) ? await findLobbyReport(db(), tournamentId, Number(lobbyText), registrationId) : null,
  );
  const captain = (await listEntrants(db(), tournamentId)).find((entrant) => entrant.registrationId === registrationId)?.captainId;
  notFoundIfNullish(user.isStaff || captain === user.id ? report : null);
  const bytes = notFoundIfNullish(await screenshotStorage().get(report.screenshotKey));
  return new Response(bytes, {
    headers: { "Content-Type": report.screenshotType, "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
  });
}
