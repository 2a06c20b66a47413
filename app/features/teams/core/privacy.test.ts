import { describe, expect, it } from "vitest";
import { MAX_SHOWN_IDS, parseProfileChoices } from "./privacy";

describe("parseProfileChoices", () => {
  it("reads the checkboxes: an unchecked box is not sent, so it hides", () => {
    expect(parseProfileChoices({ showsTeams: "on" }, ["12", "7", "12"])).toEqual({
      ok: true,
      choices: { showsTeams: true, showsTournaments: false, shownIds: [12, 7] },
    });
    expect(parseProfileChoices({}, [])).toEqual({ ok: true, choices: { showsTeams: false, showsTournaments: false, shownIds: [] } });
  });

  it("refuses a forged form whole: ids that are not ids, too many ids", () => {
    for (const bad of ["0", "-1", "1.5", "abc", "1e3", " 3", "1234567890"])
      expect(parseProfileChoices({ showsTeams: "on" }, [bad])).toEqual({ ok: false, code: "BAD_PROFILE_CHOICE" });
    const many = Array.from({ length: MAX_SHOWN_IDS + 1 }, (_, index) => String(index + 1));
    expect(parseProfileChoices({}, many)).toEqual({ ok: false, code: "BAD_PROFILE_CHOICE" });
  });
});
