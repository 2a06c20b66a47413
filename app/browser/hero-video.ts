import { DataAttr, selector } from "./attributes";

/**
 * The landing's background video (docs/accessibility.md, "Moving content"). It is served without
 * `autoplay`, so a page without this module shows the still poster. With it, the video plays only when
 * the person has not asked for less motion or less data, and a button pauses it again: WCAG 2.2.2 asks
 * for a way to stop anything that moves on its own for more than five seconds.
 */
export function shouldPlay(reducedMotion: boolean, saveData: boolean): boolean {
  return !reducedMotion && !saveData;
}

/** Writes the button's state (its label says what pressing it will do). */
export function showState(button: HTMLButtonElement, video: HTMLVideoElement): void {
  const playing = !video.paused;
  const label = button.getAttribute(playing ? DataAttr.pauseLabel : DataAttr.playLabel) ?? "";
  button.setAttribute("aria-label", label);
  button.title = label;
  button.dataset.state = playing ? "playing" : "paused";
}

function play(video: HTMLVideoElement, button: HTMLButtonElement): void {
  // A phone may refuse to play (low power mode); the poster stays and the button says "play".
  video.play().then(
    () => showState(button, video),
    () => showState(button, video),
  );
}

export function start(): void {
  const video = document.querySelector<HTMLVideoElement>(selector(DataAttr.heroVideo));
  const button = document.querySelector<HTMLButtonElement>(selector(DataAttr.heroVideoToggle));
  if (!video || !button) return;
  const motion = matchMedia("(prefers-reduced-motion: reduce)");
  const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
  button.hidden = false;
  video.addEventListener("play", () => showState(button, video));
  video.addEventListener("pause", () => showState(button, video));
  button.addEventListener("click", () => {
    if (video.paused) play(video, button);
    else video.pause();
  });
  motion.addEventListener("change", () => {
    if (motion.matches) video.pause();
  });
  if (shouldPlay(motion.matches, saveData)) play(video, button);
  else showState(button, video);
}
