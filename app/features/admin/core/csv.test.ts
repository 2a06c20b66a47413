import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

describe("toCsv", () => {
  it("starts with a BOM, keeps accents, quotes what needs it and defuses formulas", () => {
    const text = toCsv([
      ["Equipo", "Jugador"],
      ["Los Ñandúes, C.A.", 'El "Rápido"'],
      ["=HYPERLINK(1)", null],
    ]);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1)).toBe('Equipo,Jugador\r\n"Los Ñandúes, C.A.","El ""Rápido"""\r\n\'=HYPERLINK(1),\r\n');
    expect(Buffer.from(text, "utf8").subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });
});
