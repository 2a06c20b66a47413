import { describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { auditLog, users } from "~/db/schema";
import { action as userAction, loader as userLoader } from "~/features/admin/routes/user";
import { loader as usersLoader } from "~/features/admin/routes/users";
import { callRoute, formRequest, getRequest } from "./support/routes";
import { signInAs, useSignInTest } from "./support/sessions";

const { handle, mailer } = useSignInTest();

describe("users", () => {
  it("are found by e-mail or name, a page at a time", async () => {
    const staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true, name: "Ana Staff" });
    await signInAs(handle.db, mailer, "jose@example.com", { name: "José Núñez" });
    await signInAs(handle.db, mailer, "maria@example.com", { name: "María" });
    const find = async (query: string) =>
      (
        await callRoute<{ users: { email: string }[] }>(usersLoader, getRequest(`/admin/users${query}`, staff.jar.header()))
      ).data!.users.map((u) => u.email);
    expect(await find("?q=JOSE")).toEqual(["jose@example.com"]);
    expect(await find("?q=Núñez")).toEqual(["jose@example.com"]);
    expect(await find("?staff=1")).toEqual(["staff@example.com"]);
    expect(await find("")).toHaveLength(3);
  });

  it("staff grant and revoke staff, audited, but never on themselves", async () => {
    const staff = await signInAs(handle.db, mailer, "staff@example.com", { staff: true });
    const player = await signInAs(handle.db, mailer, "player@example.com");
    const page = await callRoute<{ user: { email: string }; orders: unknown[]; registrations: unknown[] }>(
      userLoader,
      getRequest(`/admin/users/${player.userId}`, staff.jar.header()),
      { userId: player.userId },
    );
    expect(page.data).toMatchObject({ user: { email: "player@example.com" }, orders: [], registrations: [] });

    const grant = await callRoute(userAction, formRequest(`/admin/users/${player.userId}`, { intent: "grant" }, staff.jar.header()), {
      userId: player.userId,
    });
    expect(grant.data).toEqual({ ok: true, intent: "grant" });
    expect((await handle.db.select({ isStaff: users.isStaff }).from(users).where(eq(users.id, player.userId)))[0]!.isStaff).toBe(true);
    const revoke = await callRoute(userAction, formRequest(`/admin/users/${player.userId}`, { intent: "revoke" }, staff.jar.header()), {
      userId: player.userId,
    });
    expect(revoke.data).toEqual({ ok: true, intent: "revoke" });

    const self = await callRoute(userAction, formRequest(`/admin/users/${staff.userId}`, { intent: "revoke" }, staff.jar.header()), {
      userId: staff.userId,
    });
    expect(self.status).toBe(409);
    expect(self.data).toMatchObject({ ok: false, code: "NOT_YOURSELF" });
    expect((await handle.db.select({ isStaff: users.isStaff }).from(users).where(eq(users.id, staff.userId)))[0]!.isStaff).toBe(true);

    const entries = await handle.db.select().from(auditLog).orderBy(asc(auditLog.id));
    expect(entries.map((entry) => [entry.action, entry.entityId, entry.before, entry.after])).toEqual([
      ["user.grant_staff", player.userId, { isStaff: false, email: "player@example.com" }, { isStaff: true }],
      ["user.revoke_staff", player.userId, { isStaff: true, email: "player@example.com" }, { isStaff: false }],
    ]);
  });
});
