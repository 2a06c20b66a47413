import { DataAttr, selector } from "./attributes";

/**
 * The click-to-load player (docs/streamers.md): a stream shows as a light card, a link to the
 * channel; only when the viewer clicks it (or presses Enter on it) is the provider's player created, so a
 * page with streams costs no player bytes on mobile data until someone asks. Without this module the link
 * simply opens the channel at the provider.
 */
export function openPlayer(link: HTMLElement): HTMLIFrameElement | null {
  const src = link.getAttribute(DataAttr.player);
  if (!src || !/^https:\/\//.test(src)) return null;
  const frame = document.createElement("iframe");
  frame.src = src;
  frame.title = link.getAttribute(DataAttr.playerTitle) ?? "";
  frame.allow = "autoplay; fullscreen; picture-in-picture";
  frame.allowFullscreen = true;
  frame.referrerPolicy = "strict-origin-when-cross-origin";
  frame.className = "aspect-video w-full rounded-lg border-0 bg-black";
  link.replaceWith(frame);
  frame.focus();
  return frame;
}

export function start(): void {
  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest<HTMLElement>(selector(DataAttr.player));
    if (!link) return;
    if (openPlayer(link)) event.preventDefault();
  });
}
