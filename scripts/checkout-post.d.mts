/** The confirm form's fields, with its idempotency key. */
export function checkoutForm(idempotencyKey: string): URLSearchParams;
/** The id of the order a checkout answer created, or undefined (anything but its 303). */
export function createdOrderId(response: Response): string | undefined;
