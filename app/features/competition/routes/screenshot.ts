import { requireUser } from "~/features/auth/session.server";
import { db } from "~/lib/db.server";
import { notFoundIfNullish, idParam } from "~/lib/http.server";
import { findMatch } from "../competition-reads.server";
import { screenshotStorage } from "../screenshots.server";
import type { Route } from "./+types/screenshot";

/** A report's screenshot: only the two captains of the match and staff; anyone else gets the same 404 as a missing one. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const details = notFoundIfNullish(
    /^\d{1,6}$/.test(idParam(params.matchId)) ? await findMatch(db(), idParam(params.tournamentId), Number(idParam(params.matchId))) : null,
  );
  const insider = user.isStaff || details.side1?.captainId === user.id || details.side2?.captainId === user.id;
  const report = notFoundIfNullish(insider ? details.reports.find((candidate) => candidate.id === idParam(params.reportId)) : null);
  const bytes = notFoundIfNullish(await screenshotStorage().get(report.screenshotKey));
  return new Response(bytes, {
    headers: { "Content-Type": report.screenshotType, "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
  });
}
