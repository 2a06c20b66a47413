/** Decision 009: a signed-in person is remembered per process, and forgotten the moment the database says they changed. */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { forgetCachedUser, rememberedForUser } from "~/features/auth/session-cache.server";
import { getCurrentUser, isPlusMember } from "~/features/auth/session.server";

import { getRequest } from "./support/routes";
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { useTestDatabase } from "./test-database";

const handle = useTestDatabase();
let mailer: ReturnType<typeof memoryMailer>;

beforeEach(async () => {
  mailer = memoryMailer();
  useTestAuth(handle.db, mailer);
});

/** Another process's write reaches this one as a notification: wait for it (at most 15 s: a loaded machine delays it). */
async function eventually<T>(read: () => Promise<T>, wanted: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let waited = 0; !wanted(value) && waited < 15_000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}

describe("the per-process copy of the signed-in person", () => {
  it("is used again without asking the database", async () => {
    let loads = 0;
    const load = async () => (loads++, { value: "copy", userId: "someone" });
    const key = `test:${randomUUID()}`;
    await rememberedForUser(key, load);
    await rememberedForUser(key, load);
    expect(loads).toBe(1);
  });

  it("is not kept when the person changed while it was being read", async () => {
    let loads = 0;
    const key = `test:${randomUUID()}`;
    const load = async () => {
      loads++;
      if (loads === 1) forgetCachedUser("someone");
      return { value: loads, userId: "someone" };
    };
    expect(await rememberedForUser(key, load)).toBe(1);
    expect(await rememberedForUser(key, load)).toBe(2);
    expect(await rememberedForUser(key, load)).toBe(2);
  });

  it("follows a change written outside this process's code (an admin script, another instance)", async () => {
    const { jar } = await signInAs(handle.db, mailer, "cache@example.com");
    const request = () => getCurrentUser(getRequest("/", jar.header()));
    expect((await request())?.isStaff).toBe(false);
    await handle.db.execute(sql`update users set is_staff = true, name = 'Renamed' where email = 'cache@example.com'`);
    const after = await eventually(request, (user) => user?.isStaff === true);
    expect(after).toMatchObject({ isStaff: true, name: "Renamed" });
  });

  it("stops answering for a session deleted elsewhere (signed out on another instance)", async () => {
    const { jar } = await signInAs(handle.db, mailer, "gone@example.com");
    const request = () => getCurrentUser(getRequest("/", jar.header()));
    expect(await request()).not.toBeNull();
    await handle.db.execute(sql`delete from sessions`);
    expect(await eventually(request, (user) => user === null)).toBeNull();
  });

  it("shows the Plus badge once a membership is written, and drops it when it goes", async () => {
    const { jar } = await signInAs(handle.db, mailer, "badge@example.com");
    const user = await getCurrentUser(getRequest("/", jar.header()));
    const badge = () => isPlusMember(user!.id);
    expect(await badge()).toBe(false);
    await handle.db.execute(
      sql`insert into membership_periods (id, user_id, starts_at, ends_at) values (${randomUUID()}, ${user!.id}, now() - interval '1 day', now() + interval '30 days')`,
    );
    expect(await eventually(badge, (plus) => plus)).toBe(true);
    await handle.db.execute(sql`delete from membership_periods`);
    expect(await eventually(badge, (plus) => !plus)).toBe(false);
  });

  it("ends a membership when its period ends, though the copy of the periods is still kept", async () => {
    const { jar } = await signInAs(handle.db, mailer, "ending@example.com");
    const user = await getCurrentUser(getRequest("/", jar.header()));
    await handle.db.execute(
      sql`insert into membership_periods (id, user_id, starts_at, ends_at) values (${randomUUID()}, ${user!.id}, now() - interval '1 day', now() + interval '1 minute')`,
    );
    expect(
      await eventually(
        () => isPlusMember(user!.id),
        (plus) => plus,
      ),
    ).toBe(true);
    // Two minutes on: the same kept periods, read at a later moment, say the membership is over.
    expect(await isPlusMember(user!.id, new Date(Date.now() + 2 * 60_000))).toBe(false);
    expect(await isPlusMember(user!.id)).toBe(true);
  });
});
