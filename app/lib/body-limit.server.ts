import type { Request, RequestHandler, Response } from "express";
import { languageFromCookieHeader } from "~/domain/language";
import { CARD_IMAGE_MAX_BYTES } from "~/features/admin/card-images.server";
import { GAME_ART_MAX_BYTES } from "~/features/admin/game-art.server";
import { TEAM_LOGO_MAX_BYTES } from "~/features/teams/team-logos.server";
import { LOGO_MAX_BYTES } from "./logo-images.server";
import { log } from "./log.server";
import { namespaceTexts } from "./messages.server";

/** Every form without a file: a checkout with a full cart (MAX_CART_TEXT) and the longest texts fit. */
export const FORM_BODY_LIMIT = 64 * 1024;
/** What a multipart envelope (boundaries, headers, the other fields) adds to the file it carries. */
export const MULTIPART_MARGIN = 64 * 1024;

export interface BodyLimit {
  bytes: number;
  /** The code a script asking for JSON gets (the page has its text): a file or the whole form. */
  code: "FILE_TOO_LARGE" | "BODY_TOO_LARGE";
  /** The file's own limit in MB, for the text ("at most N MB"); null for forms without a file. */
  fileMb: number | null;
}

const withFile = (fileBytes: number): BodyLimit => ({
  bytes: fileBytes + MULTIPART_MARGIN,
  code: "FILE_TOO_LARGE",
  fileMb: Math.round((fileBytes / 1024 / 1024) * 10) / 10,
});

/**
 * THE table of request body limits (docs/reliability.md "Limits and idempotency"): the routes that take a file, each with its file's own
 * limit plus the multipart margin; every other request gets FORM_BODY_LIMIT. `.data` is React
 * Router's own path for the same route's action.
 */
export function bodyLimitFor(path: string, receiptMaxMb: number): BodyLimit {
  const route = path.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  const receipt = Math.round(receiptMaxMb * 1024 * 1024);
  // Receipts (proof of payment) and match screenshots: RECEIPT_MAX_MB.
  if (/^\/orders\/[^/]+\/proof$/.test(route) || /^\/tournaments\/[^/]+\/matches\/[^/]+$/.test(route)) return withFile(receipt);
  // The back-office's images: game art (catalogue) and tournament cards.
  if (/^\/admin\/catalogue(\/[^/]+)?$/.test(route)) return withFile(GAME_ART_MAX_BYTES);
  if (/^\/admin\/tournaments\/[^/]+$/.test(route)) return withFile(CARD_IMAGE_MAX_BYTES);
  // A team's page: its captain uploads the logo there (docs/teams.md "Logo").
  if (/^\/teams\/[^/]+$/.test(route) && route !== "/teams/join") return withFile(TEAM_LOGO_MAX_BYTES);
  // An organization's management page: its owner and admins upload the logo there (docs/organizations.md "Logo").
  if (/^\/organizations\/[^/]+\/manage$/.test(route)) return withFile(LOGO_MAX_BYTES);
  return { bytes: FORM_BODY_LIMIT, code: "BODY_TOO_LARGE", fileMb: null };
}

/** Raised on the request stream when its body passes the limit: whatever was reading it fails, nothing half-read is used. */
export class BodyTooLargeError extends Error {
  constructor() {
    super("request body too large");
    this.name = "BodyTooLargeError";
  }
}

/** After the 413, how long (and how much) the rest of the body is read and thrown away before the connection is closed. */
const LINGER_MS = 1000;
const LINGER_BYTES = 1024 * 1024;

/**
 * Closes the connection once the 413 is out. Closing with unread bytes waiting would make the
 * kernel send a reset, which can destroy the answer before the client reads it; so, as a web
 * server's "lingering close", what still arrives is read and dropped (never kept) for at most
 * LINGER_MS or LINGER_BYTES, then the connection is destroyed.
 */
function lingerThenClose(req: Request) {
  const socket = req.socket;
  const close = () => socket.destroy();
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
  dropRest(req, LINGER_BYTES, close);
  req.once("end", close);
}

/** Reads what is left of the body and drops it; past `budget` bytes, `over` is called. */
function dropRest(req: Request, budget: number, over: () => void) {
  let dropped = 0;
  // Whatever was reading the body (the app's reader) is done with it.
  req.removeAllListeners("data");
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > budget) over();
  });
  req.resume();
}

function answerTooLarge(req: Request, res: Response, limit: BodyLimit) {
  log.warn("request body too large", { path: req.path, limit: limit.bytes, declared: req.get("content-length") ?? null });
  if (res.headersSent) {
    // Already answering (the body was not what the answer needed): stop reading all the same.
    req.socket.destroy();
    return;
  }
  res.once("finish", () => lingerThenClose(req));
  res.status(413);
  if ((req.get("accept") ?? "").includes("application/json")) {
    res.json({ ok: false, code: limit.code });
    return;
  }
  const language = languageFromCookieHeader(req.headers.cookie);
  const { limits } = namespaceTexts(language, "common") as { limits: Record<string, string> };
  const text = limit.fileMb === null ? limits.bodyTooLarge! : limits.fileTooLarge!.replace("{{mb}}", String(limit.fileMb));
  res.type("text/plain; charset=utf-8").send(text);
}

/**
 * Every request body has a size limit enforced while it is read, before anything parses it (DESIGN:
 * chunked bodies included). A declared Content-Length over the limit is answered 413 at once, the
 * body unread; otherwise the bytes are counted as they arrive (the counter does not start the flow:
 * the app's reader does), and at the limit the reader gets BodyTooLargeError, the client 413 and the
 * connection is closed (lingerThenClose). Nothing is buffered here.
 *
 * A body the app answered without reading (a redirect to sign in, a refusal) is read to its end and
 * dropped, within the same limit, so the connection can carry the client's next request (without
 * this it stalled until the server's timeout reset it).
 */
export function bodyLimit(limitFor: (path: string) => BodyLimit): RequestHandler {
  return (req, res, next) => {
    const limit = limitFor(req.path);
    const declared = req.get("content-length");
    if (declared !== undefined && !(Number(declared) <= limit.bytes)) return answerTooLarge(req, res, limit);
    if (declared === "0" || (declared === undefined && req.get("transfer-encoding") === undefined)) return next();
    let received = 0;
    let refused = false;
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= limit.bytes || refused) return;
      refused = true;
      req.off("data", count);
      // The app's reader fails (an error, never a body cut short that would parse), and reading stops.
      if (req.listenerCount("error") > 0) req.emit("error", new BodyTooLargeError());
      req.pause();
      answerTooLarge(req, res, limit);
    };
    res.once("finish", () => {
      if (refused || req.complete) return;
      dropRest(req, limit.bytes - received, () => req.socket.destroy());
    });
    // Paused first, so that listening does not start the flow before the app's reader is there.
    req.pause();
    req.on("data", count);
    next();
  };
}
