import { describe, expect, it } from "vitest";
import { batches, liveChanges, twitchLogin } from "./live";

describe("live status from a provider", () => {
  const row = (id: string, live: boolean, liveManual: boolean) => ({ id, login: id, live, liveManual });

  it("turns on who is live, turns off only what a provider turned on", () => {
    const rows = [row("a", false, true), row("b", true, false), row("c", true, true), row("d", true, false), row("e", false, false)];
    expect(liveChanges(rows, new Set(["a", "d"]))).toEqual([
      { id: "a", live: true },
      { id: "b", live: false },
    ]);
  });

  it("reads the Twitch login of a channel link", () => {
    expect(twitchLogin("https://www.twitch.tv/Vale_Live")).toBe("vale_live");
    expect(twitchLogin("https://kick.com/vale")).toBeNull();
  });

  it("asks in batches of 100", () => {
    expect(batches(Array.from({ length: 250 }, (_, i) => i)).map((batch) => batch.length)).toEqual([100, 100, 50]);
  });
});
