/**
 * Our page scripts post forms and ask for checks through fetch (app/browser/in-place.ts, the game
 * page's ID check). A refusal is an ordinary answer for them (the page shows its translated message),
 * but a 4xx status makes the browser log "Failed to load resource" in the console. So a request
 * marked with this header gets its refusal as 200, the real status in `x-refused-status`; a plain
 * form post (no script) still gets the real status.
 *
 * React Router's own form posts on hydrated pages (`….data` requests) are treated the same way. The
 * price: its client then sees a 200 and reloads the page's data after a refusal (it skips that after a
 * 4xx), which leaves what was typed in place and costs one loader run.
 */
export const IN_PLACE_HEADER = "x-in-place";
export const REFUSED_STATUS_HEADER = "x-refused-status";

/** The statuses that are a form's refusal (bad input, a conflict, too many tries), not a failure. */
const REFUSALS = new Set([400, 409, 422, 429]);

/** The status to send to a request marked in place: a refusal becomes 200. */
export function inPlaceStatus(status: number): number {
  return REFUSALS.has(status) ? 200 : status;
}
