import { languageFromCookieHeader } from "~/domain/language";
import { createI18n } from "~/lib/i18n";
import { db } from "~/lib/db.server";
import { notFoundIfNullish } from "~/lib/http.server";
import { loadMessages } from "~/lib/messages.server";
import { requireTournamentOperator } from "~/features/organizations/operator.server";
import { toCsv } from "../core/csv";
import { findTournamentForStaff, registrationsForExport } from "../tournaments-admin.server";
import type { Route } from "./+types/registrations-csv";

/**
 * The tournament's registrations as CSV: UTF-8 with a BOM (Excel then shows accents right), one row per player.
 * Mounted for platform staff and for the organization's operators (requireTournamentOperator).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const operator = await requireTournamentOperator(request, params, "run_tournament");
  const tournament = notFoundIfNullish(await findTournamentForStaff(db(), operator.tournamentId));
  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  const { t } = createI18n(language, loadMessages(language, ["admin"]));
  const rows = await registrationsForExport(db(), tournament.id);
  const header = ["team", "coach", "contactEmail", "contactPhone", "status", "order", "orderStatus", "player", "ign", "playerPhone"].map(
    (key) => t(`admin:registrations.csv.${key}`),
  );
  const lines = rows.flatMap((row) => {
    const base = [
      row.teamName ?? "",
      row.coachName ?? "",
      row.email,
      row.phone,
      t(`admin:registrations.statuses.${row.status}`, { defaultValue: row.status }),
      row.orderNumber ?? "",
      row.orderStatus ? t(`admin:status.${row.orderStatus}`, { defaultValue: row.orderStatus }) : "",
    ];
    return row.players.length
      ? row.players.map((player) => [...base, player.name, player.ign, player.phone ?? ""])
      : [[...base, "", "", ""]];
  });
  const slug = tournament.id.replace(/[^a-z0-9-]/gi, "");
  return new Response(toCsv([header, ...lines]), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="inscripciones-${slug}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
