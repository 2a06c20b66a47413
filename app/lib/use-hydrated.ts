import { useSyncExternalStore } from "react";

const noSubscription = () => () => undefined;

/**
 * False in the server's HTML and during hydration, true once React runs in the browser. A control
 * that needs JavaScript (the cart lives in local storage) is rendered disabled until then, so a tap
 * on a slow phone is never silently lost (#10.10). No hydration mismatch: the first client render
 * uses the server value.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
