import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import { log, withRequestContext } from "./log.server";

const PROBES = new Set(["/healthz", "/readyz"]);
const GOOD_ID = /^[\w.:@/+=-]{1,128}$/;

/**
 * One id per request: the `x-request-id` a proxy sent (when it looks like an id), or a new one.
 * It is echoed in the response header, added to every line logged while serving the request,
 * and ends the request with one line: method, path (never the query: it can carry sign-in
 * tokens), status and duration.
 */
export function requestLog(): RequestHandler {
  return (req, res, next) => {
    const given = req.get("x-request-id");
    const requestId = given && GOOD_ID.test(given) ? given : randomUUID();
    res.setHeader("x-request-id", requestId);
    const started = process.hrtime.bigint();
    withRequestContext({ requestId }, () => {
      res.on("finish", () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        const fields = { requestId, method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 };
        if (res.statusCode >= 500) log.error("request", fields);
        // Health probes come every few seconds from the orchestrator: only worth a line when debugging.
        else if (PROBES.has(req.path)) log.debug("request", fields);
        else log.info("request", fields);
      });
      next();
    });
  };
}
