import { z } from "zod";
import { parseWith, refuse, typedText, type FieldErrors } from "~/domain/form-schema";

/**
 * A streamer's weekly schedule (docs/streamers.md): pure rules. Slots are in the platform's
 * zone (America/Caracas by default, no daylight saving), so a slot is a day of the week and minutes
 * after midnight there; the page orders them from the next one.
 */

/** Most slots a week may hold: enough for twice a day, short enough to read on a phone. */
export const SCHEDULE_MAX = 14;
export const SCHEDULE_TITLE_MAX = 60;
export const DURATION_MIN = 15;
export const DURATION_MAX = 720;
/** The form's rows are read up to this index; more filled rows than SCHEDULE_MAX are refused, not cut. */
const ROWS_READ = 40;
const DAY_MINUTES = 24 * 60;
const WEEK_MINUTES = 7 * DAY_MINUTES;

/** 1 = Monday … 7 = Sunday (ISO). */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export const WEEKDAYS: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 7];

export interface ScheduleSlot {
  day: Weekday;
  /** Minutes after midnight in the platform's zone. */
  start: number;
  /** Minutes. */
  duration: number;
  title: string;
}

export type ScheduleErrorCode =
  "SCHEDULE_BAD_DAY" | "SCHEDULE_BAD_TIME" | "SCHEDULE_BAD_DURATION" | "SCHEDULE_BAD_TITLE" | "SCHEDULE_OVERLAP" | "SCHEDULE_TOO_MANY";

export type ScheduleResult =
  { ok: true; slots: ScheduleSlot[] } | { ok: false; code: ScheduleErrorCode; field: string; errors: FieldErrors };

/** "20:30" → 1230; null unless a 24-hour HH:MM (what `<input type="time">` sends). */
export function parseClock(value: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** 1230 → "20:30", the value a time input shows back. */
export function clockText(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

const weekStart = (slot: ScheduleSlot) => (slot.day - 1) * DAY_MINUTES + slot.start;

/** Two slots share a minute; the week wraps, so Sunday night may run into Monday. */
export function overlaps(a: ScheduleSlot, b: ScheduleSlot): boolean {
  const gap = (((weekStart(b) - weekStart(a)) % WEEK_MINUTES) + WEEK_MINUTES) % WEEK_MINUTES;
  return gap < a.duration || WEEK_MINUTES - gap < b.duration;
}

const ROW_FIELDS = ["day", "start", "duration", "title"] as const;
const rowField = (index: number, name: (typeof ROW_FIELDS)[number]) => `slot-${index}-${name}`;
/** Every row's fields in form order, then the whole form's (too many slots, overlaps). */
const SCHEDULE_FIELD_ORDER = [
  ...Array.from({ length: ROWS_READ }, (_, index) => ROW_FIELDS.map((name) => rowField(index, name))).flat(),
  "form",
];

/** A row as typed; null when blank (no start time, no title). */
function rowOf(form: Record<string, unknown>, index: number) {
  const [day, start, duration, title] = ROW_FIELDS.map((name) => typedText(form[rowField(index, name)])) as [
    string,
    string,
    string,
    string,
  ];
  return start === "" && title === "" ? null : { day, start, duration, title };
}

/** Each row's slot, or the codes of its wrong fields. */
function slotOf(row: { day: string; start: string; duration: string; title: string }) {
  const start = parseClock(row.start);
  const duration = Number(row.duration);
  const errors: Partial<Record<(typeof ROW_FIELDS)[number], ScheduleErrorCode>> = {};
  if (!/^[1-7]$/.test(row.day)) errors.day = "SCHEDULE_BAD_DAY";
  if (start === null) errors.start = "SCHEDULE_BAD_TIME";
  if (!/^\d{1,4}$/.test(row.duration) || duration < DURATION_MIN || duration > DURATION_MAX) errors.duration = "SCHEDULE_BAD_DURATION";
  if ([...row.title].length > SCHEDULE_TITLE_MAX || /\p{Cc}/u.test(row.title)) errors.title = "SCHEDULE_BAD_TITLE";
  return { errors, slot: { day: Number(row.day) as Weekday, start: start ?? 0, duration, title: row.title } };
}

/**
 * The schedule form's schema: every filled row checked (each wrong field
 * named), then the whole week: more than SCHEDULE_MAX slots or overlapping ones are refused whole.
 */
const scheduleSchema = z.record(z.string(), z.unknown()).transform((form, ctx) => {
  const slots: ScheduleSlot[] = [];
  for (let index = 0; index < ROWS_READ; index++) {
    const row = rowOf(form, index);
    if (!row) continue;
    const { errors, slot } = slotOf(row);
    for (const [name, code] of Object.entries(errors))
      ctx.addIssue({ code: "custom", message: code, path: [rowField(index, name as (typeof ROW_FIELDS)[number])] });
    slots.push(slot);
  }
  if (ctx.issues.length) return z.NEVER;
  if (slots.length > SCHEDULE_MAX) return refuse(ctx, "SCHEDULE_TOO_MANY");
  for (let i = 0; i < slots.length; i++)
    for (let j = i + 1; j < slots.length; j++) if (overlaps(slots[i]!, slots[j]!)) return refuse(ctx, "SCHEDULE_OVERLAP");
  return [...slots].sort((a, b) => weekStart(a) - weekStart(b));
});

/**
 * The schedule form: rows `slot-N-day`, `slot-N-start`, `slot-N-duration`, `slot-N-title`; a row left
 * blank (no start time) is no slot. Every bad field is named (`field` the first); overlapping slots and
 * more than SCHEDULE_MAX are refused whole ("form"), so nothing is saved half.
 */
export function parseScheduleForm(fields: Record<string, string | undefined>): ScheduleResult {
  const parsed = parseWith<typeof scheduleSchema, ScheduleErrorCode>(scheduleSchema, fields, SCHEDULE_FIELD_ORDER);
  return parsed.ok ? { ok: true, slots: parsed.data } : parsed;
}

/** A stored schedule read back defensively: anything not a valid slot is dropped. */
export function readStoredSchedule(value: unknown): ScheduleSlot[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (slot): slot is ScheduleSlot =>
      typeof slot === "object" &&
      slot !== null &&
      WEEKDAYS.includes(slot.day) &&
      Number.isInteger(slot.start) &&
      slot.start >= 0 &&
      slot.start < DAY_MINUTES &&
      Number.isInteger(slot.duration) &&
      slot.duration >= DURATION_MIN &&
      slot.duration <= DURATION_MAX &&
      typeof slot.title === "string",
  );
}

/** The day of the week (1–7) and minutes after midnight of an instant in a zone. */
export function weekMinuteIn(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
    .formatToParts(now)
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {});
  const day = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(parts.weekday ?? "") + 1;
  return (day - 1) * DAY_MINUTES + Number(parts.hour) * 60 + Number(parts.minute);
}

/** The slots from the next one: a slot on air now comes first, then by how soon each starts. */
export function fromNext(slots: ScheduleSlot[], now: Date, timeZone: string): (ScheduleSlot & { onAir: boolean })[] {
  const minute = weekMinuteIn(now, timeZone);
  const since = (slot: ScheduleSlot) => (((minute - weekStart(slot)) % WEEK_MINUTES) + WEEK_MINUTES) % WEEK_MINUTES;
  return slots
    .map((slot) => ({ ...slot, onAir: since(slot) < slot.duration }))
    .sort((a, b) => {
      const wait = (slot: ScheduleSlot & { onAir: boolean }) => (slot.onAir ? -1 : (WEEK_MINUTES - since(slot)) % WEEK_MINUTES);
      return wait(a) - wait(b);
    });
}
