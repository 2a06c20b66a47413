import { describe, expect, it } from "vitest";
import { holdsPlace, parseRegistration, REGISTRATION_STATUSES } from "./registration";

function team(size: number, extra: Record<string, string> = {}) {
  const fields: Record<string, string> = { teamName: "Los Tigres", phone: "04141234567", paymentMethod: "binance" };
  for (let n = 1; n <= size; n += 1) {
    fields[`player${n}Name`] = `Jugador ${n}`;
    fields[`player${n}Ign`] = `ign${n}`;
    fields[`player${n}Phone`] = n === 1 ? "04121234567" : "";
  }
  return { ...fields, ...extra };
}

describe("tournament registration rules", () => {
  it("takes a solo player without team name or player phone", () => {
    const result = parseRegistration("free-fire", 0, {
      player1Name: "Ana",
      player1Ign: "AnaFF",
      player1Phone: "123",
      phone: "04141234567",
    });
    expect(result).toEqual({
      ok: true,
      registration: {
        teamName: null,
        coachName: null,
        phone: "04141234567",
        paymentMethod: null,
        players: [{ name: "Ana", ign: "AnaFF", phone: null }],
      },
    });
  });

  it("sizes teams by game: Blood Strike 2, Mobile Legends 5", () => {
    expect(parseRegistration("blood-strike", 200, team(2))).toMatchObject({ ok: true, registration: { players: [{}, {}] } });
    expect(parseRegistration("mobile-legends", 500, team(5))).toMatchObject({ ok: true });
    expect(parseRegistration("mobile-legends", 500, team(4))).toMatchObject({ ok: false, code: "PLAYER_DATA_MISSING", player: 5 });
    expect(parseRegistration("blood-strike", 200, team(3))).toMatchObject({ ok: false, code: "WRONG_PLAYER_COUNT" });
  });

  it("checks in SPEC order with the player's number", () => {
    expect(parseRegistration("blood-strike", 200, team(2, { teamName: " " }))).toMatchObject({ code: "TEAM_NAME_REQUIRED" });
    expect(parseRegistration("blood-strike", 200, team(2, { player2Ign: "" }))).toMatchObject({ code: "PLAYER_DATA_MISSING", player: 2 });
    expect(parseRegistration("blood-strike", 200, team(2, { player1Phone: "" }))).toMatchObject({
      code: "PLAYER_PHONE_REQUIRED",
      player: 1,
    });
    expect(parseRegistration("blood-strike", 200, team(2, { player2Phone: "0412-12a" }))).toMatchObject({
      code: "PLAYER_PHONE_DIGITS",
      player: 2,
    });
    expect(parseRegistration("blood-strike", 200, team(2, { player2Ign: "IGN1" }))).toMatchObject({ code: "DUPLICATE_IGN" });
    expect(parseRegistration("free-fire", 0, { player1Name: "A", player1Ign: "B", phone: "" })).toMatchObject({ code: "PHONE_REQUIRED" });
    expect(parseRegistration("blood-strike", 200, team(2, { phone: "abc" }))).toMatchObject({ code: "PHONE_DIGITS" });
    expect(parseRegistration("blood-strike", 200, team(2, { paymentMethod: "" }))).toMatchObject({ code: "PAYMENT_METHOD_REQUIRED" });
    expect(parseRegistration("blood-strike", 200, team(2, { paymentMethod: "cash" }))).toMatchObject({ code: "PAYMENT_METHOD_REQUIRED" });
  });

  it("takes the captain's phone as the registrant's on a team event when theirs is left empty", () => {
    expect(parseRegistration("blood-strike", 200, team(2, { phone: "" }))).toMatchObject({
      ok: true,
      registration: { phone: "04121234567", players: [{ phone: "04121234567" }, {}] },
    });
    expect(parseRegistration("blood-strike", 200, team(2, { phone: " " }))).toMatchObject({
      ok: true,
      registration: { phone: "04121234567" },
    });
    expect(parseRegistration("blood-strike", 200, team(2))).toMatchObject({ registration: { phone: "04141234567" } });
    expect(parseRegistration("blood-strike", 200, team(2, { phone: "", player1Phone: "" }))).toMatchObject({
      code: "PLAYER_PHONE_REQUIRED",
    });
  });

  it("needs no payment method when free, and drops the coach for eFootball", () => {
    expect(parseRegistration("free-fire", 0, { player1Name: "A", player1Ign: "B", phone: "1234567", coachName: "Coach" })).toMatchObject({
      ok: true,
      registration: { paymentMethod: null, coachName: null },
    });
    expect(
      parseRegistration("efootball", 100, {
        player1Name: "A",
        player1Ign: "B",
        phone: "1234567",
        paymentMethod: "paypal",
        coachName: "Coach",
      }),
    ).toMatchObject({
      ok: true,
      registration: { coachName: null, paymentMethod: "paypal" },
    });
  });

  it("follows the event's own team size and takes optional substitutes", () => {
    // A Free Fire squad of 4 with one substitute place.
    expect(parseRegistration("free-fire", 0, team(4), { size: 4, substitutes: 1 })).toMatchObject({
      ok: true,
      registration: { teamName: "Los Tigres", players: [{}, {}, {}, {}] },
    });
    expect(parseRegistration("free-fire", 0, team(3), { size: 4 })).toMatchObject({ ok: false, code: "PLAYER_DATA_MISSING", player: 4 });
    const withSub = parseRegistration("free-fire", 0, team(5), { size: 4, substitutes: 1 });
    expect(withSub.ok && withSub.registration.players.length).toBe(5);
    expect(parseRegistration("free-fire", 0, team(5), { size: 4, substitutes: 0 })).toMatchObject({ code: "WRONG_PLAYER_COUNT" });
    expect(parseRegistration("free-fire", 0, team(4, { player5Name: "Sub" }), { size: 4, substitutes: 1 })).toMatchObject({
      code: "PLAYER_DATA_MISSING",
      player: 5,
    });
    // No size given: the game's SPEC §9 size (Free Fire solo).
    expect(parseRegistration("free-fire", 0, team(1)).ok).toBe(true);
  });
});

describe("every wrong field at once", () => {
  it("names each wrong field with its own code, the first in SPEC order as `code`", () => {
    const parsed = parseRegistration("blood-strike", 200, team(2, { teamName: "", player2Ign: "", phone: "abc", paymentMethod: "" }));
    expect(parsed).toMatchObject({
      ok: false,
      code: "TEAM_NAME_REQUIRED",
      field: "teamName",
      errors: {
        teamName: "TEAM_NAME_REQUIRED",
        player2Ign: "PLAYER_DATA_MISSING",
        phone: "PHONE_DIGITS",
        paymentMethod: "PAYMENT_METHOD_REQUIRED",
      },
    });
    // The captain's phone missing too: the rules between fields still run (payment method).
    expect(parseRegistration("blood-strike", 200, team(2, { player1Phone: "", paymentMethod: "" }))).toMatchObject({
      code: "PLAYER_PHONE_REQUIRED",
      errors: { player1Phone: "PLAYER_PHONE_REQUIRED", paymentMethod: "PAYMENT_METHOD_REQUIRED" },
    });
    expect(parseRegistration("blood-strike", 200, team(2, { player2Name: "", player2Phone: "12a" }))).toMatchObject({
      code: "PLAYER_DATA_MISSING",
      player: 2,
      errors: { player2Name: "PLAYER_DATA_MISSING", player2Phone: "PLAYER_PHONE_DIGITS" },
    });
  });
});

describe("registration phones, every spelling", () => {
  it("reads +58, spaces and dashes as the same number", () => {
    const form = {
      teamName: "Los Pibes",
      player1Name: "Ana",
      player1Ign: "AnaX",
      player1Phone: "+58 412-123 4567",
      player2Name: "Beto",
      player2Ign: "BetoX",
      phone: "0414 765-4321",
      paymentMethod: "binance",
    };
    const parsed = parseRegistration("blood-strike", 200, form);
    expect(parsed).toMatchObject({
      ok: true,
      registration: { phone: "04147654321", players: [{ phone: "04121234567" }, { phone: null }] },
    });
  });
});

describe("holdsPlace", () => {
  it("a registration takes its place while paying and once confirmed, and gives it back when released", () => {
    expect(REGISTRATION_STATUSES.filter(holdsPlace)).toEqual(["pending_payment", "confirmed"]);
  });
});

describe("coach", () => {
  it("a team may name a coach; a solo event has none, even when the form sends one", () => {
    const solo = parseRegistration(
      "free-fire",
      0,
      { phone: "04141234567", player1Name: "Ana", player1Ign: "AnaFF", coachName: "Coach" },
      { size: 1 },
    );
    expect(solo.ok && solo.registration.coachName).toBeNull();
  });
});
