import { describe, expect, it } from "vitest";
import { participantsLabel, tournamentGridColumns } from "./tournament-grid";

describe("tournament grid", () => {
  it("uses 1, 2 or 3 columns", () => {
    expect(tournamentGridColumns(0)).toBe(1);
    expect(tournamentGridColumns(1)).toBe(1);
    expect(tournamentGridColumns(2)).toBe(2);
    expect(tournamentGridColumns(3)).toBe(3);
    expect(tournamentGridColumns(40)).toBe(3);
  });

  it("shows the first element of players", () => {
    expect(participantsLabel(["64", "solo"])).toBe("64");
    expect(participantsLabel([])).toBe("");
  });
});
