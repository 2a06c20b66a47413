import { storeCardImage } from "./card-images.server";
import { platformToday } from "~/domain/format";
import { parseTournamentForm, type EventPlan, type TournamentFormCode, type TournamentValues } from "./core/tournament-form";
import type { CardImageCode } from "./card-images.server";
import type { FieldErrors } from "~/domain/form-schema";

/** Reads the tournament form (and its image, when one was chosen): values ready to save, or every wrong field's code. */
export async function readTournamentForm(
  form: FormData,
  confirmedTeams = 0,
): Promise<
  | { ok: true; values: TournamentValues; event: EventPlan | null; image: string | null }
  | { ok: false; code: TournamentFormCode | CardImageCode; field: string; errors: FieldErrors }
> {
  const fields: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string" && name !== "badges") fields[name] = value;
  fields.badges = form.getAll("badges").filter((value): value is string => typeof value === "string");
  const parsed = parseTournamentForm(fields, { today: platformToday(), now: new Date(), confirmedTeams });
  if (!parsed.ok) return parsed;
  const file = form.get("image");
  if (file && typeof file !== "string" && file.size > 0) {
    const stored = await storeCardImage(new Uint8Array(await file.arrayBuffer()));
    if (!stored.ok) return { ok: false, code: stored.code, field: "image", errors: { image: stored.code } };
    return { ok: true, values: parsed.values, event: parsed.event, image: stored.path };
  }
  return { ok: true, values: parsed.values, event: parsed.event, image: null };
}
