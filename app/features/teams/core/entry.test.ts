import { describe, expect, it } from "vitest";
import { parseRegistration } from "~/domain/registration";
import { teamEntryFields } from "./entry";

const roster = [
  { userId: "a", name: "Ana", ign: "AnaML", role: "starter" },
  { userId: "b", name: "", ign: "BetoML", role: "starter" },
  { userId: "c", name: "Caro", ign: "CaroML", role: "substitute" },
  { userId: "k", name: "Kike", ign: "CoachK", role: "coach" },
];
const contact = { phone: "04141234567", paymentMethod: "" };

describe("entering a lasting team", () => {
  it("fills the registration form: starters first, then substitutes the event takes, and the coach", () => {
    const entry = teamEntryFields({ name: "Tigres", game: "blood-strike" }, roster, ["b", "c"], { size: 2, substitutes: 1 }, contact);
    expect(entry).toEqual({
      ok: true,
      playerUserIds: ["b", "c", "a"],
      fields: {
        teamName: "Tigres",
        phone: "04141234567",
        paymentMethod: "",
        coachName: "CoachK",
        player1Name: "BetoML",
        player1Ign: "BetoML",
        player1Phone: "04141234567",
        player2Name: "Caro",
        player2Ign: "CaroML",
        player3Name: "Ana",
        player3Ign: "AnaML",
      },
    });
    // The same rules as a form typed by hand accept it.
    if (!entry.ok) throw new Error("refused");
    const parsed = parseRegistration("blood-strike", 0, entry.fields, { size: 2, substitutes: 1 });
    expect(parsed.ok && parsed.registration.players.map((player) => player.ign)).toEqual(["BetoML", "CaroML", "AnaML"]);
  });

  it("never names a coach for eFootball, and refuses a wrong number of starters or the coach as one", () => {
    const efootball = teamEntryFields({ name: "FC", game: "efootball" }, roster, ["a"], { size: 1, substitutes: 0 }, contact);
    expect(efootball.ok && efootball.fields.coachName).toBeUndefined();
    expect(teamEntryFields({ name: "T", game: "blood-strike" }, roster, ["a"], { size: 2, substitutes: 0 }, contact)).toEqual({
      ok: false,
      code: "WRONG_STARTER_COUNT",
    });
    expect(teamEntryFields({ name: "T", game: "blood-strike" }, roster, ["a", "k"], { size: 2, substitutes: 0 }, contact)).toEqual({
      ok: false,
      code: "NOT_A_MEMBER",
    });
  });
});
