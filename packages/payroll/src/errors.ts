// One error type for every bad input, so the server can answer 400 and the CLI can
// print one line. `field` is the input's own name (`grossAnnual`, `split.basic`) so
// each caller can translate it (the CLI shows its flag instead).
export class PayrollInputError extends Error {
  readonly field: string;
  readonly reason: string;

  constructor(field: string, reason: string) {
    super(`${field} ${reason}`);
    this.name = 'PayrollInputError';
    this.field = field;
    this.reason = reason;
  }
}
