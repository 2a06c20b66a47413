import type { ReactNode } from "react";

const TONES = {
  error: "border-rose-500/50 bg-rose-500/10 text-rose-100",
  success: "border-emerald-500/50 bg-emerald-500/10 text-emerald-100",
  warning: "border-amber-500/50 bg-amber-500/10 text-amber-100",
  info: "border-slate-500/50 bg-slate-500/10 text-slate-100",
} as const;

/**
 * A message in the page (not a toast): errors are announced at once (role alert), the rest politely
 * (role status).
 */
export function Alert(props: { tone: keyof typeof TONES; children: ReactNode; testId?: string; className?: string }) {
  return (
    <div
      role={props.tone === "error" ? "alert" : "status"}
      className={`rounded-lg border p-4 ${TONES[props.tone]} ${props.className ?? "mt-6"}`}
      data-testid={props.testId}
    >
      {props.children}
    </div>
  );
}
