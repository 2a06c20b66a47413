import type { Database, Transaction } from "~/lib/db.server";
import type { CompetitionErrorCode } from "./core/errors";
import { DomainError } from "~/lib/domain-error";

export class CompetitionError extends DomainError<CompetitionErrorCode> {}

/** What happened, for the mails sent after the commit (competition-mail.server.ts). */
export type CompetitionEvent =
  | { kind: "match_ready"; matchId: number; registrationIds: string[] }
  | { kind: "opponent_reported"; matchId: number; registrationId: string }
  | { kind: "dispute_opened"; matchId: number; registrationIds: string[] }
  | { kind: "result_decided"; matchId: number; registrationIds: string[]; byStaff: boolean }
  | { kind: "walkover"; matchId: number; registrationIds: string[] };

/** A connection or a transaction: the reads run on either. */
export type Executor = Database | Transaction;
