/**
 * Where a `to` / `redirectTo` / callback value may send the browser (DESIGN, security rules): the
 * value is resolved against the site's own origin and must stay on it. Browsers drop tabs and line
 * breaks and read a backslash as a slash, so "/\tevil.example" or "/\\evil.example" would leave the
 * site: any control character or whitespace, or a value that resolves to another origin, sends to
 * "/". The answer is the URL parser's own serialisation (path, query, fragment): non-ASCII is
 * percent-encoded, so it is always a valid `Location` header value. Pure; tests beside it.
 */
const SITE = "https://site.invalid";
/** C0 and C1 controls, DEL, and every Unicode space or line/paragraph separator. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f\s\u2028\u2029\ufeff]/u;
/** Longer targets are not ours (our own paths are short); also keeps a Location header small. */
export const MAX_REDIRECT_LENGTH = 2048;

export function safeRedirectTarget(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.length > MAX_REDIRECT_LENGTH) return "/";
  if (CONTROL_OR_SPACE.test(value)) return "/";
  let url: URL;
  try {
    url = new URL(value, SITE);
  } catch {
    return "/";
  }
  if (url.origin !== SITE) return "/";
  const target = `${url.pathname}${url.search}${url.hash}`;
  // A path whose serialisation starts with "//" would read as a host to whoever resolves it next.
  return target.startsWith("//") ? "/" : target;
}

/**
 * The sign-in page that brings the person back to `target` afterwards (a page's own path and query):
 * the target goes through `safeRedirectTarget` first, so a link built from a request's address stays on the site.
 */
export function signInPath(target: string): string {
  return `/auth?redirectTo=${encodeURIComponent(safeRedirectTarget(target))}`;
}
