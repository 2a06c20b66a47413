/** SPEC §8–§9: info 3 s with a progress bar, error 4 s, success 2 s, at most 20 on screen. */
export const TOAST_DURATION_MS = { info: 3000, error: 4000, success: 2000 } as const;
export const MAX_TOASTS = 20;

export type ToastKind = keyof typeof TOAST_DURATION_MS;

/** A toast's look, the same from React (toast.tsx) and from the browser modules (app/browser/toast.ts). */
export const KIND_STYLES: Record<ToastKind, string> = {
  info: "border-cyan-400/60",
  error: "border-rose-500/70",
  success: "border-emerald-400/70",
};
export const TOAST_CLASS =
  "toast pointer-events-auto relative overflow-hidden rounded-lg border bg-slate-900/95 px-4 py-3 text-sm text-slate-100 shadow-xl shadow-black/40";
