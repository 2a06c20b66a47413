// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { openPlayer, start } from "./player-facade";

const markup = `<a href="https://www.twitch.tv/arena" data-player="https://player.twitch.tv/?channel=arena&amp;parent=localhost" data-player-title="Arena en Twitch">▶ arena</a>`;

describe("the click-to-load player", () => {
  it("creates no player until the link is clicked, then the provider's player in its place", () => {
    document.body.innerHTML = markup;
    start();
    expect(document.querySelector("iframe")).toBeNull();
    const clicked = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
    document.querySelector("a")!.dispatchEvent(clicked);
    expect(clicked.defaultPrevented).toBe(true);
    const frame = document.querySelector("iframe")!;
    expect(frame.getAttribute("src")).toBe("https://player.twitch.tv/?channel=arena&parent=localhost");
    expect(frame.title).toBe("Arena en Twitch");
    expect(document.querySelector("a")).toBeNull();
  });

  it("leaves a link whose player is not an https address alone (it opens the channel)", () => {
    document.body.innerHTML = `<a href="https://www.tiktok.com/@x" data-player="javascript:alert(1)">x</a>`;
    expect(openPlayer(document.querySelector("a")!)).toBeNull();
    expect(document.querySelector("iframe")).toBeNull();
  });
});
