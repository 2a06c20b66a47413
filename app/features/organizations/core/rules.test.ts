import { describe, expect, it } from "vitest";
import {
  banHolds,
  canMoveOrgTournament,
  checkLink,
  inviteState,
  isInvitableRole,
  looksLikeInviteToken,
  mayCreateOrganization,
  orgMay,
  parseBanForm,
  parseOrgForm,
  publishTarget,
  slugFrom,
} from "./rules";

describe("who may do what in an organization", () => {
  const open = { banned: false };
  it("owner does everything, admin all but members' roles, staff only runs", () => {
    expect(orgMay("owner", "manage_members", open)).toBe(true);
    expect(orgMay("admin", "manage_members", open)).toBe(false);
    expect(orgMay("admin", "create_tournament", open)).toBe(true);
    expect(orgMay("admin", "edit_tournament", open)).toBe(true);
    expect(orgMay("staff", "run_tournament", open)).toBe(true);
    expect(orgMay("staff", "create_tournament", open)).toBe(false);
    expect(orgMay("staff", "edit_tournament", open)).toBe(false);
    expect(orgMay("staff", "ban_players", open)).toBe(false);
    expect(orgMay(null, "run_tournament", open)).toBe(false);
  });
  it("a banned organization creates, edits and invites nothing", () => {
    const banned = { banned: true };
    expect(orgMay("owner", "create_tournament", banned)).toBe(false);
    expect(orgMay("owner", "edit_tournament", banned)).toBe(false);
    expect(orgMay("owner", "invite_member", banned)).toBe(false);
    expect(orgMay("owner", "run_tournament", banned)).toBe(true);
  });
  it("Plus members, approved organizers and staff create organizations", () => {
    expect(mayCreateOrganization({ isStaff: false, plus: true, organizer: false })).toBe(true);
    expect(mayCreateOrganization({ isStaff: false, plus: false, organizer: true })).toBe(true);
    expect(mayCreateOrganization({ isStaff: true, plus: false, organizer: false })).toBe(true);
    expect(mayCreateOrganization({ isStaff: false, plus: false, organizer: false })).toBe(false);
  });
});

describe("an organization's tournament statuses", () => {
  it("a paid tournament waits for the platform; a free one publishes at once", () => {
    expect(publishTarget(500)).toBe("pending");
    expect(publishTarget(0)).toBe("published");
  });
  it("only platform staff publish a pending tournament", () => {
    expect(canMoveOrgTournament("draft", "pending", "organization")).toBe(true);
    expect(canMoveOrgTournament("pending", "published", "organization")).toBe(false);
    expect(canMoveOrgTournament("pending", "published", "platform")).toBe(true);
    expect(canMoveOrgTournament("pending", "draft", "organization")).toBe(true);
    expect(canMoveOrgTournament("published", "draft", "platform")).toBe(true);
    expect(canMoveOrgTournament("cancelled", "published", "platform")).toBe(false);
    expect(canMoveOrgTournament("nonsense", "published", "platform")).toBe(false);
    expect(canMoveOrgTournament("published", "cancelled", "platform")).toBe(true);
  });
  it("the organization cancels its own tournament until it is cancelled", () => {
    for (const from of ["draft", "pending", "published"]) expect(canMoveOrgTournament(from, "cancelled", "organization")).toBe(true);
    expect(canMoveOrgTournament("cancelled", "cancelled", "organization")).toBe(false);
  });
});

describe("player bans", () => {
  const now = new Date("2026-05-01T12:00:00Z");
  it("hold until their end, unless lifted", () => {
    expect(banHolds({ endsAt: new Date("2026-05-02T00:00:00Z"), liftedAt: null }, now)).toBe(true);
    expect(banHolds({ endsAt: new Date("2026-05-01T12:00:00Z"), liftedAt: null }, now)).toBe(false);
    expect(banHolds({ endsAt: new Date("2026-06-01T00:00:00Z"), liftedAt: now }, now)).toBe(false);
  });
  it("need a reason and an end from today on", () => {
    expect(parseBanForm({ reason: "Trampa", until: "2026-05-10" }, "2026-05-01")).toEqual({
      ok: true,
      reason: "Trampa",
      until: "2026-05-10",
    });
    expect(parseBanForm({ reason: " ", until: "2026-05-10" }, "2026-05-01")).toMatchObject({ code: "BAN_REASON_REQUIRED" });
    expect(parseBanForm({ reason: "x", until: "2026-04-30" }, "2026-05-01")).toMatchObject({ code: "BAN_END_INVALID" });
    expect(parseBanForm({ reason: "x", until: "mañana" }, "2026-05-01")).toMatchObject({ code: "BAN_END_INVALID" });
    expect(parseBanForm({ reason: "x", until: "2040-01-01" }, "2026-05-01")).toMatchObject({ code: "BAN_END_INVALID" });
    expect(parseBanForm({ reason: "x".repeat(301), until: "2026-05-10" }, "2026-05-01")).toMatchObject({ code: "BAN_REASON_TOO_LONG" });
  });
});

describe("the organization form", () => {
  it("derives the slug from the name and checks links", () => {
    const parsed = parseOrgForm({ name: "  Liga  Caracas Ñ ", links: "https://instagram.com/liga\n\nhttps://x.com/liga" });
    expect(parsed).toEqual({
      ok: true,
      values: {
        name: "Liga Caracas Ñ",
        slug: "liga-caracas-n",
        description: "",
        links: ["https://instagram.com/liga", "https://x.com/liga"],
      },
    });
  });
  it("refuses bad input with a code and field", () => {
    expect(parseOrgForm({ name: "" })).toMatchObject({ code: "ORG_NAME_REQUIRED", field: "name" });
    expect(parseOrgForm({ name: "x".repeat(61) })).toMatchObject({ code: "ORG_NAME_TOO_LONG" });
    expect(parseOrgForm({ name: "Liga", slug: "new" })).toMatchObject({ code: "ORG_SLUG_INVALID" });
    expect(parseOrgForm({ name: "Liga", slug: "a b" })).toMatchObject({ code: "ORG_SLUG_INVALID" });
    expect(parseOrgForm({ name: "Liga", links: "javascript:alert(1)" })).toMatchObject({ code: "ORG_LINK_INVALID", field: "links" });
    expect(parseOrgForm({ name: "Liga", links: "https://user:pw@x.com" })).toMatchObject({ code: "ORG_LINK_INVALID" });
    expect(parseOrgForm({ name: "Liga", links: Array(6).fill("https://x.com").join("\n") })).toMatchObject({ code: "ORG_TOO_MANY_LINKS" });
    expect(parseOrgForm({ name: "Liga", description: "x".repeat(2001) })).toMatchObject({ code: "ORG_DESCRIPTION_TOO_LONG" });
  });
  it("answers every wrong field at once, the first in the form's order as the code", () => {
    expect(parseOrgForm({ name: "Liga", slug: "new", description: "x".repeat(2001), links: "javascript:alert(1)" })).toEqual({
      ok: false,
      code: "ORG_SLUG_INVALID",
      field: "slug",
      errors: { slug: "ORG_SLUG_INVALID", description: "ORG_DESCRIPTION_TOO_LONG", links: "ORG_LINK_INVALID" },
    });
    // No address is made from a wrong name: the name's error alone.
    expect(parseOrgForm({ name: "", links: Array(6).fill("https://x.com").join("\n") })).toMatchObject({
      code: "ORG_NAME_REQUIRED",
      errors: { name: "ORG_NAME_REQUIRED", links: "ORG_TOO_MANY_LINKS" },
    });
    expect(parseOrgForm({ name: "" })).toMatchObject({ errors: { name: "ORG_NAME_REQUIRED" } });
    expect(parseOrgForm({ name: "" }).ok || Object.keys(parseOrgForm({ name: "" }))).toContain("errors");
  });
  it("slugs", () => {
    expect(slugFrom("¡Torneos Élite!")).toBe("torneos-elite");
    expect(checkLink("ftp://x.com")).toBeNull();
    expect(checkLink("https://localhost")).toBeNull();
  });
});

describe("an organization whose organizing right was revoked", () => {
  const revoked = { banned: false, revoked: true };
  it("creates, edits, runs and bans nothing, but keeps its page, members and details", () => {
    for (const action of ["run_tournament", "create_tournament", "edit_tournament", "ban_players"] as const)
      expect(orgMay("owner", action, revoked), action).toBe(false);
    expect(orgMay("owner", "see_manage", revoked)).toBe(true);
    expect(orgMay("owner", "manage_members", revoked)).toBe(true);
    expect(orgMay("admin", "edit_organization", revoked)).toBe(true);
    expect(orgMay("staff", "see_manage", { banned: true, revoked: true })).toBe(true);
    expect(orgMay(null, "see_manage", revoked)).toBe(false);
  });
});

describe("invitation links", () => {
  const now = new Date("2026-05-01T12:00:00Z");
  const base = { expiresAt: new Date("2026-05-08T12:00:00Z"), usedAt: null, revokedAt: null };
  it("are open until they expire, are used or revoked; used and revoked say so even once expired", () => {
    expect(inviteState(base, now)).toBe("open");
    expect(inviteState(base, new Date("2026-05-08T12:00:00Z"))).toBe("expired");
    expect(inviteState({ ...base, usedAt: now }, new Date("2026-06-01T00:00:00Z"))).toBe("used");
    expect(inviteState({ ...base, revokedAt: now }, new Date("2026-06-01T00:00:00Z"))).toBe("revoked");
  });
  it("give admin or staff, never owner; only well-formed tokens are looked up", () => {
    expect(isInvitableRole("admin")).toBe(true);
    expect(isInvitableRole("staff")).toBe(true);
    expect(isInvitableRole("owner")).toBe(false);
    expect(looksLikeInviteToken("a".repeat(43))).toBe(true);
    expect(looksLikeInviteToken("a".repeat(42))).toBe(false);
    expect(looksLikeInviteToken(`${"a".repeat(42)}/`)).toBe(false);
  });
});
