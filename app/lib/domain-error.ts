/**
 * A rule said no. `code` is an error code, translated by the page (`errors.<CODE>`); each feature
 * names its own subclass (`class OrderError extends DomainError<OrderErrorCode> {}`) so a route can
 * tell whose rule refused, and `failWith` (answer.ts) turns any of them into the one answer shape.
 */
export class DomainError<Code extends string = string> extends Error {
  constructor(readonly code: Code) {
    super(code);
    this.name = new.target.name;
  }
}
