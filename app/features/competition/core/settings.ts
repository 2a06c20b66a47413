import { z } from "zod";
import { always, parseWith, refuse, refusedFields, type FieldErrors } from "~/domain/form-schema";
import { BEST_OF, isFormat, type Format } from "./formats";

/** The platform's time zone (America/Caracas) has no daylight saving: UTC−4 all year. */
export const PLATFORM_UTC_OFFSET = "-04:00";

export interface CompetitionSettingsInput {
  format: Format;
  bestOf: number;
  finalBestOf: number;
  groupCount: number;
  lobbyMatches: number;
  startsAt: Date;
  checkInOpensMinutes: number;
  checkInClosesMinutes: number;
}

const int = (value: string | undefined) => (value !== undefined && /^\d{1,4}$/.test(value.trim()) ? Number(value) : NaN);

/** A whole-number field (`fallback` when the form leaves it out), refused unless `allowed`. */
const intField = (fallback: string | undefined, allowed: (value: number) => boolean) =>
  z
    .unknown()
    .optional()
    .transform((raw, ctx) => {
      const value = int(typeof raw === "string" ? raw : fallback);
      return allowed(value) ? value : refuse(ctx, "BAD_SETTINGS");
    });

const isBestOf = (value: number) => (BEST_OF as readonly number[]).includes(value);

/**
 * The counts both forms ask: best-of (regular and final) from the allowed list, groups 1–16, rounds 1–12.
 * `bestOfDefault` stands for a best-of the form leaves out (the run page's; the settings form has no default).
 */
const matchCountFields = (bestOfDefault?: string) => ({
  bestOf: intField(bestOfDefault, isBestOf),
  finalBestOf: intField(bestOfDefault, isBestOf),
  groupCount: intField("1", (count) => count >= 1 && count <= 16),
  lobbyMatches: intField("4", (count) => count >= 1 && count <= 12),
});
const MATCH_COUNT_ORDER = ["bestOf", "finalBestOf", "groupCount", "lobbyMatches"] as const;

/** The settings form's schema: each field on its own, then the check-in window (it opens before it closes). */
const settingsSchema = z
  .object({
    format: z
      .unknown()
      .optional()
      .transform((format, ctx) => (isFormat(format) ? format : refuse(ctx, "BAD_SETTINGS"))),
    ...matchCountFields(),
    startsAt: z
      .unknown()
      .optional()
      .transform((raw, ctx) => {
        const text = typeof raw === "string" ? raw : "";
        const startsAt = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text) ? new Date(`${text}:00${PLATFORM_UTC_OFFSET}`) : null;
        return startsAt && !Number.isNaN(startsAt.getTime()) ? startsAt : refuse(ctx, "BAD_SETTINGS");
      }),
    checkInOpensMinutes: intField("60", (opens) => opens >= 1 && opens <= 1440),
    checkInClosesMinutes: intField("15", (closes) => closes >= 0),
  })
  .superRefine(
    (form, ctx) => {
      const refused = refusedFields(ctx);
      if (
        !refused.has("checkInOpensMinutes") &&
        !refused.has("checkInClosesMinutes") &&
        form.checkInClosesMinutes >= form.checkInOpensMinutes
      )
        ctx.addIssue({ code: "custom", message: "BAD_SETTINGS", path: ["checkInClosesMinutes"] });
    },
    { when: always },
  );

/** The staff's settings form: a local date-time in the platform's zone, best-of from the allowed list, a window that opens before it closes; every wrong field at once. */
export function parseSettings(
  fields: Record<string, string | undefined>,
): { ok: true; settings: CompetitionSettingsInput } | { ok: false; code: "BAD_SETTINGS"; field: string; errors: FieldErrors } {
  const parsed = parseWith<typeof settingsSchema, "BAD_SETTINGS">(settingsSchema, fields, [
    "format",
    ...MATCH_COUNT_ORDER,
    "startsAt",
    "checkInOpensMinutes",
    "checkInClosesMinutes",
  ]);
  return parsed.ok ? { ok: true, settings: parsed.data } : parsed;
}

/** A date as the value of a datetime-local input in the platform's zone. */
export function toPlatformLocal(date: Date): string {
  return new Date(date.getTime() - 4 * 3_600_000).toISOString().slice(0, 16);
}

import { DEFAULT_LOBBY_SIZE, MAX_LOBBY_SIZE } from "./lobbies";
import { isPointsPreset, rulesFor, type PointsPreset } from "./points-table";

/** What the run page still asks (format, its 3rd-place choice, start and check-in are the tournament form's, docs/product.md "Running an event"). */
export interface RunDetails {
  bestOf: number;
  finalBestOf: number;
  groupCount: number;
  lobbyMatches: number;
  lobbySize: number;
  pointsPreset: PointsPreset;
  placementPoints: number[];
  killPoints: number;
}

/** The run page's details form's schema: the counts, the lobby, and a point table (a preset, or typed: places, then kills). */
const runDetailsSchema = z
  .object({
    ...matchCountFields("1"),
    lobbySize: intField(String(DEFAULT_LOBBY_SIZE), (size) => size >= 2 && size <= MAX_LOBBY_SIZE),
    pointsPreset: z
      .unknown()
      .optional()
      .transform((raw, ctx) => {
        const preset = raw ?? "custom";
        return isPointsPreset(preset) ? preset : refuse(ctx, "BAD_SETTINGS");
      }),
    placementPoints: z.string().optional(),
    killPoints: z.string().optional(),
  })
  .superRefine(
    (form, ctx) => {
      if (
        refusedFields(ctx).has("pointsPreset") ||
        rulesFor(form.pointsPreset, { placementText: form.placementPoints, killText: form.killPoints })
      )
        return;
      // A custom table: the kill value and the places are each checked on their own.
      const killWrong = !/^\d{1,2}$/.test((form.killPoints ?? "").trim());
      if (killWrong) ctx.addIssue({ code: "custom", message: "BAD_SETTINGS", path: ["killPoints"] });
      if (!rulesFor("custom", { placementText: form.placementPoints, killText: "0" }))
        ctx.addIssue({ code: "custom", message: "BAD_SETTINGS", path: ["placementPoints"] });
    },
    { when: always },
  )
  .transform((form, ctx) => {
    const rules = rulesFor(form.pointsPreset, { placementText: form.placementPoints, killText: form.killPoints });
    return rules ? { ...form, ...rules } : refuse(ctx, "BAD_SETTINGS");
  });

/** The run page's details form: best-of from the list, groups 1–16, rounds 1–12, lobby 2–60 teams, a point table (preset or typed); every wrong field at once. */
export function parseRunDetails(
  fields: Record<string, string | undefined>,
): { ok: true; details: RunDetails } | { ok: false; code: "BAD_SETTINGS"; field: string; errors: FieldErrors } {
  // A typed table with a wrong kill value names the kills first, as the page always did.
  const parsed = parseWith<typeof runDetailsSchema, "BAD_SETTINGS">(runDetailsSchema, fields, [
    ...MATCH_COUNT_ORDER,
    "lobbySize",
    "pointsPreset",
    "killPoints",
    "placementPoints",
  ]);
  return parsed.ok ? { ok: true, details: parsed.data } : parsed;
}
