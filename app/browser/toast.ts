import { KIND_STYLES, TOAST_CLASS, TOAST_DURATION_MS, type ToastKind } from "~/components/ui/toast-style";
import { DataAttr, selector } from "./attributes";

/**
 * The layout's toast on a page served without React (docs/decisions/002): added to the toast
 * region, gone after its kind's duration (the same look and times as components/ui/toast.tsx).
 */
export function showToast(kind: ToastKind, text: string): void {
  const region = document.querySelector(selector(DataAttr.toasts));
  if (!region) return;
  const toast = document.createElement("div");
  const duration = TOAST_DURATION_MS[kind];
  toast.setAttribute("role", kind === "error" ? "alert" : "status");
  toast.setAttribute(DataAttr.toastKind, kind);
  toast.className = `${TOAST_CLASS} ${KIND_STYLES[kind]}`;
  toast.style.animationDuration = `${duration}ms`;
  toast.textContent = text;
  region.appendChild(toast);
  setTimeout(() => toast.remove(), duration);
}
