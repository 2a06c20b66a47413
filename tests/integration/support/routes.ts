import { deliverQueuedMail } from "./mail";

/** Calls a route module's loader or action as React Router does, and unwraps what it answers. */
export const BASE_URL = "http://localhost:3000";

export interface RouteAnswer<T = unknown> {
  status: number;
  data?: T;
  location?: string | null;
  headers: Headers;
}

// Route modules type their arguments precisely; the tests only ever pass a request.
type RouteFunction = (args: never) => unknown;

export async function callRoute<T = unknown>(
  fn: RouteFunction,
  request: Request,
  params: Record<string, string> = {},
): Promise<RouteAnswer<T>> {
  let result: unknown;
  try {
    const call = fn as unknown as (args: object) => unknown;
    result = await call({ request, params, context: {}, url: new URL(request.url), pattern: "" });
  } catch (thrown) {
    result = thrown;
  }
  // The server's mail worker would deliver what the request queued within a second: here it is done
  // at once. Only after a POST: a page load changes nothing, so it queues nothing.
  if (request.method !== "GET") await deliverQueuedMail();
  if (result instanceof Response) {
    const text = (result.headers.get("Content-Type") ?? "").includes("application/json") ? await result.text() : "";
    return {
      status: result.status,
      location: result.headers.get("Location"),
      headers: result.headers,
      data: text ? (JSON.parse(text) as T) : undefined,
    };
  }
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const wrapped = result as { data: T; init: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, data: wrapped.data, headers: new Headers(wrapped.init?.headers) };
  }
  return { status: 200, data: result as T, headers: new Headers() };
}

/** A browser's cookie jar, enough for our cookies (no domains or paths to worry about). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  has(name: string) {
    return this.cookies.has(name);
  }
}

export function formRequest(path: string, fields: Record<string, string>, cookie = "", clientIp = "203.0.113.7"): Request {
  return new Request(`${BASE_URL}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE_URL, Cookie: cookie, "x-client-ip": clientIp },
  });
}

/** A multipart POST, as a browser sends a form with a file; `json` asks for the XHR answer. */
export function multipartRequest(path: string, form: FormData, cookie = "", json = true): Request {
  return new Request(`${BASE_URL}${path}`, {
    method: "POST",
    body: form,
    headers: { Origin: BASE_URL, Cookie: cookie, "x-client-ip": "203.0.113.7", ...(json ? { Accept: "application/json" } : {}) },
  });
}

export function getRequest(url: string, cookie = ""): Request {
  return new Request(url.startsWith("http") ? url : `${BASE_URL}${url}`, { headers: { Cookie: cookie, "x-client-ip": "203.0.113.7" } });
}
