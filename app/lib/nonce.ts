import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the request being rendered (server/app.ts makes one per
 * request, app/entry.server.tsx provides it). In the browser it is "": the scripts it guarded
 * have already run, and browsers hide nonce attributes from the page anyway.
 */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
