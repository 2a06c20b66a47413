import { describe, expect, it } from "vitest";
import { parsePlayerId } from "./player-id";

describe("parsePlayerId", () => {
  const plain = { hasZoneField: false };
  const zoned = { hasZoneField: true };

  it("takes an ID, trimmed, and ignores a zone the game does not have", () => {
    expect(parsePlayerId(plain, " 123456789 ", "2001")).toEqual({ ok: true, value: { playerId: "123456789", zone: null } });
  });

  it("needs an ID", () => {
    expect(parsePlayerId(plain, "  ", null)).toEqual({ ok: false, code: "GAMER_ID_REQUIRED", field: "playerId" });
    expect(parsePlayerId(zoned, undefined, "2001")).toMatchObject({ ok: false, code: "GAMER_ID_REQUIRED" });
  });

  it("needs a zone where the game has one, in its own box or after a hyphen", () => {
    expect(parsePlayerId(zoned, "12345678", "2001")).toEqual({ ok: true, value: { playerId: "12345678", zone: "2001" } });
    expect(parsePlayerId(zoned, "12345678-2001", "")).toEqual({ ok: true, value: { playerId: "12345678", zone: "2001" } });
    expect(parsePlayerId(zoned, "12345678", "")).toEqual({ ok: false, code: "INVALID_SERVER", field: "zone" });
    expect(parsePlayerId(zoned, "1-2-3", "")).toMatchObject({ ok: false, code: "INVALID_SERVER" });
    expect(parsePlayerId(zoned, "12345678", "20 01")).toMatchObject({ ok: false, code: "INVALID_SERVER" });
  });

  it("refuses what cannot be an ID", () => {
    expect(parsePlayerId(plain, "x".repeat(41), null)).toMatchObject({ ok: false, code: "INVALID_PLAYER_ID" });
    expect(parsePlayerId(plain, "12 34", null)).toMatchObject({ ok: false, code: "INVALID_PLAYER_ID" });
    expect(parsePlayerId(plain, "<script>", null)).toMatchObject({ ok: false, code: "INVALID_PLAYER_ID" });
  });
});
