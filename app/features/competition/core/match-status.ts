import type { Database } from "brackets-model";

/** brackets-manager's data, grouped by table (types only: this file ships to the browser). */
export type BracketData = Database;

/** Match status numbers of brackets-model. */
export const MATCH_STATUS = { locked: 0, waiting: 1, ready: 2, running: 3, completed: 4, archived: 5 } as const;
