import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/lib/i18n-react";

import { DataAttr, dataAttr } from "~/browser/attributes";
import { KIND_STYLES, MAX_TOASTS, TOAST_CLASS, TOAST_DURATION_MS, type ToastKind } from "./toast-style";

export { MAX_TOASTS, TOAST_DURATION_MS, type ToastKind };

export interface Toast {
  id: number;
  kind: ToastKind;
  title?: string;
  message: string;
  durationMs: number;
}

export interface ToastInput {
  title?: string;
  message: string;
  durationMs?: number;
}

interface ToastApi {
  show(kind: ToastKind, input: ToastInput): void;
  info(input: ToastInput): void;
  error(input: ToastInput): void;
  success(input: ToastInput): void;
  dismiss(id: number): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast() outside <ToastProvider>");
  return api;
}

/** `initial` comes from the server (e.g. a `?notice=` key) so the notice shows even without JavaScript. */
export function ToastProvider({ children, initial = [] }: { children: ReactNode; initial?: Omit<Toast, "id">[] }) {
  const nextId = useRef(initial.length + 1);
  const [toasts, setToasts] = useState<Toast[]>(() => initial.map((toast, index) => ({ ...toast, id: index + 1 })));
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (kind: ToastKind, input: ToastInput) => {
      const id = nextId.current++;
      const durationMs = input.durationMs ?? TOAST_DURATION_MS[kind];
      setToasts((current) => [...current, { id, kind, durationMs, title: input.title, message: input.message }].slice(-MAX_TOASTS));
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), durationMs),
      );
    },
    [dismiss],
  );

  // Server-rendered notices fade out by CSS; once JavaScript runs, remove them from the page too.
  useEffect(() => {
    for (const toast of toasts) {
      if (!timers.current.has(toast.id))
        timers.current.set(
          toast.id,
          setTimeout(() => dismiss(toast.id), toast.durationMs),
        );
    }
    // Only the notices present at first render need this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      info: (input) => show("info", input),
      error: (input) => show("error", input),
      success: (input) => show("success", input),
    }),
    [show, dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastViewport toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

const BAR_STYLES: Record<ToastKind, string> = {
  info: "bg-cyan-400",
  error: "bg-rose-500",
  success: "bg-emerald-400",
};

function ToastViewport({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <section
      aria-label={t("toast.region")}
      aria-live="polite"
      {...dataAttr(DataAttr.toasts)}
      className="pointer-events-none fixed top-4 right-4 z-50 flex w-[min(22rem,calc(100vw-2rem))] flex-col gap-2"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.kind === "error" ? "alert" : "status"}
          {...dataAttr(DataAttr.toastKind, toast.kind)}
          className={`${TOAST_CLASS} ${KIND_STYLES[toast.kind]}`}
          style={{ animationDuration: `${toast.durationMs}ms` }}
        >
          <div className="flex items-start gap-3">
            <div className="flex-1">
              {toast.title ? <p className="font-semibold">{toast.title}</p> : null}
              <p>{toast.message}</p>
            </div>
            <button
              type="button"
              onClick={() => onDismiss(toast.id)}
              {...dataAttr(DataAttr.toastClose)}
              className="-mr-1 rounded px-1 text-slate-400 hover:text-white"
              aria-label={t("toast.close")}
            >
              ×
            </button>
          </div>
          {toast.kind === "info" ? (
            <div
              className={`toast-progress absolute bottom-0 left-0 h-1 ${BAR_STYLES[toast.kind]}`}
              style={{ animationDuration: `${toast.durationMs}ms` }}
            />
          ) : null}
        </div>
      ))}
    </section>
  );
}
