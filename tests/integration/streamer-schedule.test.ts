/**
 * A streamer's weekly schedule (docs/streamers.md): only the streamer edits it from their own
 * page, a bad schedule is refused whole with a translated code, and the public page lists it next slot first.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { streamers } from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { action as pageAction, loader as pageLoader } from "~/features/streamers/routes/streamer";
import { callRoute, formRequest, getRequest } from "./support/routes";
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { useTestDatabase } from "./test-database";

const handle = useTestDatabase();
let mailer: ReturnType<typeof memoryMailer>;

beforeEach(async () => {
  await seedDemoData(handle.db);
  mailer = memoryMailer();
  useTestAuth(handle.db, mailer);
});

type Answer = { ok: boolean; code?: string; field?: string };

const week = {
  intent: "schedule",
  "slot-0-day": "5",
  "slot-0-start": "20:00",
  "slot-0-duration": "120",
  "slot-0-title": "Free Fire ranked",
  "slot-1-day": "1",
  "slot-1-start": "08:30",
  "slot-1-duration": "60",
  "slot-1-title": "",
  "slot-2-day": "1",
  "slot-2-start": "",
  "slot-2-duration": "120",
  "slot-2-title": "",
};

async function storedSchedule() {
  const [row] = await handle.db.select({ schedule: streamers.schedule }).from(streamers).where(eq(streamers.handle, "valkyria"));
  return row?.schedule;
}

describe("a streamer's schedule", () => {
  it("the owner saves it, anyone else gets a 404, bad input changes nothing, and the page lists it next slot first", async () => {
    const player = await signInAs(handle.db, mailer, "valk@example.com", { name: "Valeria" });
    const fan = await signInAs(handle.db, mailer, "fan@example.com");
    const staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
    await handle.db.insert(streamers).values({ id: crypto.randomUUID(), userId: player.userId, handle: "valkyria", status: "approved" });
    const send = (fields: Record<string, string>, cookie: string) =>
      callRoute<Answer>(pageAction, formRequest("/streamers/valkyria", fields, cookie), { handle: "valkyria" });

    // Another user, staff included, cannot write someone else's schedule.
    expect((await send(week, fan.jar.header())).status).toBe(404);
    expect((await send(week, staff.jar.header())).status).toBe(404);
    expect(await storedSchedule()).toEqual([]);

    const saved = await send(week, player.jar.header());
    expect(saved.status).toBe(302);
    expect(saved.location).toContain("saved=schedule");
    expect(await storedSchedule()).toEqual([
      { day: 1, start: 510, duration: 60, title: "" },
      { day: 5, start: 1200, duration: 120, title: "Free Fire ranked" },
    ]);

    // Overlapping slots, a bad time, a bad duration: refused with the code, the stored week unchanged.
    const overlap = await send({ ...week, "slot-2-day": "5", "slot-2-start": "21:00" }, player.jar.header());
    expect(overlap).toMatchObject({ status: 400, data: { code: "SCHEDULE_OVERLAP" } });
    const badTime = await send({ ...week, "slot-0-start": "25:00" }, player.jar.header());
    expect(badTime).toMatchObject({ status: 400, data: { code: "SCHEDULE_BAD_TIME", field: "slot-0-start" } });
    const badDuration = await send({ ...week, "slot-1-duration": "9999" }, player.jar.header());
    expect(badDuration).toMatchObject({ status: 400, data: { code: "SCHEDULE_BAD_DURATION" } });
    const tooMany = Object.fromEntries(
      Array.from({ length: 15 }, (_, index) => [
        [`slot-${index}-day`, String((index % 7) + 1)],
        [`slot-${index}-start`, index < 7 ? "08:00" : index < 14 ? "20:00" : "14:00"],
        [`slot-${index}-duration`, "60"],
      ]).flat(),
    );
    expect(await send({ intent: "schedule", ...tooMany }, player.jar.header())).toMatchObject({
      status: 400,
      data: { code: "SCHEDULE_TOO_MANY" },
    });
    expect((await storedSchedule()) as unknown[]).toHaveLength(2);

    // The public page, to a visitor: both slots, each with its day and times.
    const page = await callRoute<{ schedule: { upcoming: { day: number; from: string; to: string; title: string }[]; rows: unknown[] } }>(
      pageLoader,
      getRequest("/streamers/valkyria"),
      { handle: "valkyria" },
    );
    expect(page.data!.schedule.upcoming).toHaveLength(2);
    expect(page.data!.schedule.upcoming.map((slot) => slot.day).sort()).toEqual([1, 5]);
    expect(page.data!.schedule.upcoming.find((slot) => slot.day === 5)).toMatchObject({
      from: "8:00 p. m.",
      to: "10:00 p. m.",
      title: "Free Fire ranked",
    });
    // The form's rows are the owner's only.
    expect(page.data!.schedule.rows).toEqual([]);

    // Clearing every row empties the schedule.
    await send({ intent: "schedule" }, player.jar.header());
    expect(await storedSchedule()).toEqual([]);
  });
});
