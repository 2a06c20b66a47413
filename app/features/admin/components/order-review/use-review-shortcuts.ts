import { useEffect, useRef, type RefObject } from "react";
import type { Decision } from "~/features/orders/core/decisions";

export interface ReviewShortcuts {
  approveForm: RefObject<HTMLFormElement | null>;
  fulfilForm: RefObject<HTMLFormElement | null>;
  reasonField: RefObject<HTMLTextAreaElement | null>;
}

/** Typing in a field never triggers a shortcut. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/**
 * The review page's keyboard shortcuts: A approves, F fulfils (each submits its form), R moves to
 * the rejection's reason. Only the decisions allowed in the order's state, never while typing or
 * while a decision is being sent. Answers the refs to attach to those forms and that field.
 */
export function useReviewShortcuts(allowed: Decision[], busy: boolean): ReviewShortcuts {
  const approveForm = useRef<HTMLFormElement>(null);
  const fulfilForm = useRef<HTMLFormElement>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const allowedKey = allowed.join(",");
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target) || busy)
        return;
      const key = event.key.toLowerCase();
      const can = (decision: Decision) => allowedKey.split(",").includes(decision);
      if (key === "a" && can("approve")) {
        event.preventDefault();
        approveForm.current?.requestSubmit();
      } else if (key === "r" && can("reject")) {
        // Without preventDefault the "r" itself would be typed into the reason.
        event.preventDefault();
        reasonField.current?.focus();
      } else if (key === "f" && can("fulfil")) {
        event.preventDefault();
        fulfilForm.current?.requestSubmit();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [allowedKey, busy]);
  return { approveForm, fulfilForm, reasonField };
}
