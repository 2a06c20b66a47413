import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkInvite,
  checkRoleChange,
  checkStarters,
  inviteState,
  mayAct,
  parseHandle,
  parseTeamForm,
  roleForNewMember,
  rolesFor,
  rosterLimit,
  startersOf,
  type RosterMember,
} from "./rules";

const now = new Date("2026-11-26T12:00:00Z");
const captain = { userId: "c", member: true, captain: true };
const member = { userId: "m", member: true, captain: false };
const stranger = { userId: "s", member: false, captain: false };
const open = { locked: false };

describe("team sizes and roles (SPEC §9)", () => {
  it("plays Blood Strike in twos, Mobile Legends in fives, everything else alone", () => {
    expect(startersOf("blood-strike")).toBe(2);
    expect(startersOf("mobile-legends")).toBe(5);
    expect(startersOf("free-fire")).toBe(1);
    expect(startersOf("efootball")).toBe(1);
    expect(startersOf("unknown-game")).toBe(1);
  });

  it("has no coach for eFootball", () => {
    expect(rolesFor("efootball")).toEqual(["starter", "substitute"]);
    expect(rolesFor("mobile-legends")).toEqual(["starter", "substitute", "coach"]);
    expect(checkRoleChange("efootball", [{ userId: "a", role: "starter" }], "a", "coach")).toEqual({
      ok: false,
      code: "ROLE_NOT_ALLOWED",
    });
  });

  it("gives newcomers a starter's place while one is missing, then a substitute's, then none", () => {
    const roster: RosterMember[] = [];
    const roles: (string | null)[] = [];
    for (let n = 0; n < rosterLimit("blood-strike") + 1; n += 1) {
      const role = roleForNewMember("blood-strike", roster);
      roles.push(role);
      if (role) roster.push({ userId: `u${n}`, role });
    }
    expect(roles).toEqual(["starter", "starter", "substitute", "substitute", "substitute", null]);
  });

  it("never counts the coach against the roster", () => {
    const roster: RosterMember[] = [{ userId: "coach", role: "coach" }];
    expect(roleForNewMember("mobile-legends", roster)).toBe("starter");
  });

  it("never lets more starters than the game plays with", () => {
    const roster: RosterMember[] = [
      { userId: "a", role: "starter" },
      { userId: "b", role: "starter" },
      { userId: "c", role: "substitute" },
    ];
    expect(checkRoleChange("blood-strike", roster, "c", "starter")).toEqual({ ok: false, code: "TOO_MANY_STARTERS" });
    expect(checkRoleChange("blood-strike", roster, "a", "starter")).toEqual({ ok: true });
    expect(checkRoleChange("blood-strike", roster, "z", "substitute")).toEqual({ ok: false, code: "NOT_A_MEMBER" });
  });

  it("keeps starters within the game's size whatever order people join in (property)", () => {
    fc.assert(
      fc.property(fc.constantFrom("blood-strike", "mobile-legends", "free-fire", "efootball"), fc.nat({ max: 20 }), (game, joins) => {
        const roster: RosterMember[] = [];
        for (let n = 0; n < joins; n += 1) {
          const role = roleForNewMember(game, roster);
          if (role) roster.push({ userId: `u${n}`, role });
        }
        expect(roster.filter((m) => m.role === "starter").length).toBeLessThanOrEqual(startersOf(game));
        expect(roster.length).toBeLessThanOrEqual(rosterLimit(game));
      }),
    );
  });
});

describe("who may do what", () => {
  it("lets the captain invite, remove others and hand over, and nobody else", () => {
    expect(mayAct("invite", open, captain)).toEqual({ ok: true });
    expect(mayAct("invite", open, member)).toEqual({ ok: false, code: "NOT_CAPTAIN" });
    expect(mayAct("invite", open, stranger)).toEqual({ ok: false, code: "NOT_A_MEMBER" });
    expect(mayAct("remove", open, captain, { userId: "m", member: true })).toEqual({ ok: true });
    expect(mayAct("remove", open, member, { userId: "c", member: true })).toEqual({ ok: false, code: "NOT_CAPTAIN" });
    expect(mayAct("remove", open, captain, { userId: "c", member: true })).toEqual({ ok: false, code: "CANNOT_REMOVE_SELF" });
    expect(mayAct("remove", open, captain, { userId: "x", member: false })).toEqual({ ok: false, code: "NOT_A_MEMBER" });
    expect(mayAct("handOver", open, captain, { userId: "m", member: true })).toEqual({ ok: true });
    expect(mayAct("handOver", open, captain, { userId: "c", member: true })).toEqual({ ok: false, code: "ALREADY_CAPTAIN" });
    expect(mayAct("handOver", open, captain, null)).toEqual({ ok: false, code: "NOT_A_MEMBER" });
    expect(mayAct("setLogo", open, captain)).toEqual({ ok: true });
    expect(mayAct("setLogo", open, member)).toEqual({ ok: false, code: "NOT_CAPTAIN" });
    expect(mayAct("setLogo", { locked: true }, captain)).toEqual({ ok: false, code: "TEAM_LOCKED" });
  });

  it("lets a member leave, but not the captain before handing over", () => {
    expect(mayAct("leave", open, member)).toEqual({ ok: true });
    expect(mayAct("leave", open, captain)).toEqual({ ok: false, code: "CAPTAIN_MUST_HAND_OVER" });
    expect(mayAct("leave", open, stranger)).toEqual({ ok: false, code: "NOT_A_MEMBER" });
  });

  it("freezes a locked team", () => {
    for (const action of ["invite", "remove", "handOver", "setRole", "leave"] as const)
      expect(mayAct(action, { locked: true }, captain, { userId: "m", member: true })).toEqual({ ok: false, code: "TEAM_LOCKED" });
  });
});

describe("invite links", () => {
  const fresh = { usedAt: null, expiresAt: new Date(now.getTime() + 1000), email: null };

  it("are good once, until they expire", () => {
    expect(inviteState(fresh, now)).toBe("valid");
    expect(inviteState({ ...fresh, usedAt: now }, now)).toBe("used");
    expect(inviteState({ ...fresh, expiresAt: now }, now)).toBe("expired");
  });

  it("refuse members, other addresses, used and expired links, each with its own code", () => {
    const person = { email: "Ana@Example.com", alreadyMember: false };
    expect(checkInvite(fresh, person, now)).toEqual({ ok: true });
    expect(checkInvite({ ...fresh, email: "ana@example.com" }, person, now)).toEqual({ ok: true });
    expect(checkInvite({ ...fresh, email: "luis@example.com" }, person, now)).toEqual({ ok: false, code: "INVITE_OTHER_EMAIL" });
    expect(checkInvite(fresh, { ...person, alreadyMember: true }, now)).toEqual({ ok: false, code: "ALREADY_MEMBER" });
    expect(checkInvite({ ...fresh, usedAt: now }, person, now)).toEqual({ ok: false, code: "INVITE_USED" });
    expect(checkInvite({ ...fresh, expiresAt: new Date(0) }, person, now)).toEqual({ ok: false, code: "INVITE_EXPIRED" });
  });
});

describe("forms", () => {
  it("checks every field of a new team at once", () => {
    expect(parseTeamForm({ game: "mobile-legends", name: "  Los Tigres ", tag: "tgr", country: "VE", ign: "Tigre1" })).toEqual({
      ok: true,
      team: { game: "mobile-legends", name: "Los Tigres", tag: "TGR", country: "VE", logoUrl: null, ign: "Tigre1" },
    });
    const refused = parseTeamForm({ game: "chess", name: "x", tag: "too-long", country: "ZZ", logoUrl: "javascript:alert(1)" });
    expect(refused).toEqual({
      ok: false,
      errors: {
        game: "GAME_REQUIRED",
        name: "NAME_LENGTH",
        tag: "TAG_FORMAT",
        country: "COUNTRY_REQUIRED",
        logoUrl: "LOGO_URL",
        ign: "IGN_REQUIRED",
      },
    });
  });

  it("takes handles of 3 to 20 letters, digits, _ and -, lower-cased, never a reserved word", () => {
    expect(parseHandle(" Ana_VE ")).toEqual({ ok: true, handle: "ana_ve" });
    expect(parseHandle("ab")).toEqual({ ok: false, code: "HANDLE_FORMAT" });
    expect(parseHandle("ana ve")).toEqual({ ok: false, code: "HANDLE_FORMAT" });
    expect(parseHandle("admin")).toEqual({ ok: false, code: "HANDLE_RESERVED" });
  });
});

describe("starters for one event", () => {
  const roster = [
    { userId: "a", role: "starter" as const },
    { userId: "b", role: "substitute" as const },
    { userId: "k", role: "coach" as const },
  ];
  it("are exactly the event's size, members who are not the coach, no one twice", () => {
    expect(checkStarters(roster, ["b", "a"], 2)).toEqual({ ok: true, starters: ["b", "a"] });
    expect(checkStarters(roster, ["a"], 2)).toEqual({ ok: false, code: "WRONG_STARTER_COUNT" });
    expect(checkStarters(roster, ["a", "a"], 2)).toEqual({ ok: false, code: "WRONG_STARTER_COUNT" });
    expect(checkStarters(roster, ["a", "k"], 2)).toEqual({ ok: false, code: "NOT_A_MEMBER" });
    expect(checkStarters(roster, ["a", "zz"], 2)).toEqual({ ok: false, code: "NOT_A_MEMBER" });
  });
});
