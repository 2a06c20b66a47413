// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { shouldPlay, showState, start } from "./hero-video";

function mount(reducedMotion: boolean) {
  document.body.innerHTML = `
    <video data-hero-video muted loop playsinline></video>
    <button type="button" hidden data-hero-video-toggle data-pause-label="Pausar" data-play-label="Reproducir"></button>`;
  const video = document.querySelector("video")!;
  const button = document.querySelector("button")!;
  let paused = true;
  Object.defineProperty(video, "paused", { get: () => paused });
  video.play = vi.fn(() => {
    paused = false;
    video.dispatchEvent(new Event("play"));
    return Promise.resolve();
  });
  video.pause = vi.fn(() => {
    paused = true;
    video.dispatchEvent(new Event("pause"));
  });
  vi.stubGlobal(
    "matchMedia",
    vi.fn(() => ({ matches: reducedMotion, addEventListener: vi.fn() })),
  );
  return { video, button };
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("the landing's background video", () => {
  it("plays only for people who asked for neither less motion nor less data", () => {
    expect(shouldPlay(false, false)).toBe(true);
    expect(shouldPlay(true, false)).toBe(false);
    expect(shouldPlay(false, true)).toBe(false);
  });

  it("starts playing, shows its button, and the button pauses and plays it again", async () => {
    const { video, button } = mount(false);
    start();
    await Promise.resolve();
    expect(button.hidden).toBe(false);
    expect(video.play).toHaveBeenCalledOnce();
    expect(button.getAttribute("aria-label")).toBe("Pausar");
    button.click();
    expect(video.pause).toHaveBeenCalledOnce();
    expect(button.getAttribute("aria-label")).toBe("Reproducir");
    button.click();
    await Promise.resolve();
    expect(button.getAttribute("aria-label")).toBe("Pausar");
  });

  it("stays still on the poster when less motion is asked for, and offers to play", () => {
    const { video, button } = mount(true);
    start();
    expect(video.play).not.toHaveBeenCalled();
    expect(button.getAttribute("aria-label")).toBe("Reproducir");
    showState(button, video);
    expect(button.dataset.state).toBe("paused");
  });
});
