import { describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { grantStaff, listStaff, revokeStaff } from "~/features/admin/staff.server";

import { useTestDatabase } from "./test-database";

const handle = useTestDatabase();

describe("staff rights", () => {
  it("grant creates the account when needed, revoke takes the right back", async () => {
    expect(await grantStaff(handle.db, " Admin@Example.com ")).toEqual({ created: true });
    expect(await listStaff(handle.db)).toEqual(["admin@example.com"]);
    expect(await grantStaff(handle.db, "admin@example.com")).toEqual({ created: false });
    expect(await handle.db.$count(users)).toBe(1);
    expect(await revokeStaff(handle.db, "admin@example.com")).toBe(true);
    expect(await listStaff(handle.db)).toEqual([]);
    expect(await handle.db.$count(users)).toBe(1);
  });

  it("refuses what is not an e-mail and reports unknown addresses", async () => {
    await expect(grantStaff(handle.db, "not-an-email")).rejects.toThrow();
    expect(await revokeStaff(handle.db, "nobody@example.com")).toBe(false);
    expect(await handle.db.$count(users)).toBe(0);
  });
});
