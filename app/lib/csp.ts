import { PLAYER_HOSTS } from "~/features/streamers/core/streams";

/**
 * The Content-Security-Policy of every response (docs/reliability.md "Holes closed", hole 4). Scripts run only from our own
 * origin or with the request's nonce (React Router's hydration script, the inline page script):
 * no 'unsafe-inline', no 'unsafe-eval' for scripts. Inline style attributes are allowed (the
 * toast timer bar and upload progress bar set a width / duration through `style`).
 */
export function contentSecurityPolicy(nonce: string, options: { https: boolean }): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self'",
    "font-src 'self' data:",
    "connect-src 'self'",
    // The click-to-load players of streams and replays, exactly the providers' official player hosts (docs/streamers.md).
    `frame-src ${Object.values(PLAYER_HOSTS).join(" ")}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
    "worker-src 'self'",
  ];
  if (options.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** HSTS only where the site is served over HTTPS: a year, subdomains included. */
export function strictTransportSecurity(publicUrl: string): string | null {
  return publicUrl.startsWith("https://") ? "max-age=31536000; includeSubDomains" : null;
}

/** Nonces are at least 128 bits, base64url (a valid CSP base64-value). */
export const NONCE_PATTERN = /^[A-Za-z0-9_-]{22,}$/;
