import { expect, type Locator, type Page } from "@playwright/test";

/** /orders: the signed-in user's orders, newest first. */
export class MyOrdersPage {
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.rows = page.getByTestId("order-row");
  }

  async open() {
    const response = await this.page.goto("/orders");
    expect(response?.status()).toBe(200);
    await expect(this.page.getByTestId("my-orders")).toBeVisible();
  }

  row(number: number): Locator {
    return this.rows.filter({ hasText: `#${number}` });
  }
}

/** /orders/:orderId: status, next step, pay and cancel. */
export class OrderPage {
  readonly root: Locator;
  readonly status: Locator;
  readonly next: Locator;
  readonly total: Locator;
  readonly payNow: Locator;
  readonly cancel: Locator;
  readonly cancelByStaffOnly: Locator;
  readonly proofSent: Locator;
  readonly cancelled: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId("order-page");
    this.status = this.root.getByTestId("order-status");
    this.next = page.getByTestId("order-next");
    this.total = page.getByTestId("order-total");
    this.payNow = page.getByTestId("pay-now");
    this.cancel = page.getByTestId("cancel-order");
    this.cancelByStaffOnly = page.getByTestId("cancel-by-staff-only");
    this.proofSent = page.getByTestId("proof-sent");
    this.cancelled = page.getByTestId("order-cancelled");
  }

  async open(orderId: string) {
    const response = await this.page.goto(`/orders/${orderId}`);
    expect(response?.status()).toBe(200);
    await expect(this.root).toBeVisible();
  }
}

export interface ProofValues {
  file?: { name: string; mimeType: string; buffer: Buffer };
  reference?: string;
  /** The bank's code, e.g. "0102". */
  bankCode?: string;
  /** YYYY-MM-DD */
  paidOn?: string;
  transactionId?: string;
  payerEmail?: string;
}

/** /orders/:orderId/pay/:method: amount, pay-to details with copy buttons, the proof form. */
export class PayPage {
  readonly root: Locator;
  readonly amount: Locator;
  readonly file: Locator;
  readonly reference: Locator;
  readonly payingBank: Locator;
  readonly paidOn: Locator;
  readonly transactionId: Locator;
  readonly payerEmail: Locator;
  readonly submit: Locator;
  readonly progress: Locator;
  readonly error: Locator;
  readonly cancel: Locator;
  readonly wrongMethod: Locator;
  readonly notPayable: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId("pay-page");
    this.amount = page.getByTestId("pay-amount");
    // Each field sits inside its <label>.
    this.file = page.getByLabel(/^(Comprobante|Receipt) \(/);
    this.reference = page.getByLabel(/^(Número de referencia|Reference number)$/);
    this.payingBank = page.getByRole("combobox", { name: /^(Banco desde el que pagaste|Bank you paid from)/ });
    this.paidOn = page.getByLabel(/^(Fecha del pago|Payment date)$/);
    this.transactionId = page.getByLabel(/^(ID de la transacción|Transaction ID) \(Binance\)$/);
    this.payerEmail = page.getByLabel(/^(Correo con el que pagaste en PayPal|E-mail you paid with on PayPal)$/);
    // The proof form's own submit button (the cancel form is a separate form below it).
    this.submit = this.root.locator('form[action$="/proof"] button[type="submit"]');
    this.progress = page.getByTestId("upload-progress");
    this.error = page.getByTestId("proof-error");
    this.cancel = page.getByTestId("cancel-order");
    this.wrongMethod = page.getByTestId("wrong-method");
    this.notPayable = page.getByTestId("not-payable");
  }

  async open(orderId: string, method: string) {
    const response = await this.page.goto(`/orders/${orderId}/pay/${method}`);
    expect(response?.status()).toBe(200);
  }

  /** The value shown next to a pay-to label ("Teléfono", "Binance Pay ID", …). */
  payToValue(label: string): Locator {
    return this.payToRow(label).locator("p").nth(1);
  }

  copyButton(label: string): Locator {
    return this.payToRow(label).getByRole("button");
  }

  private payToRow(label: string): Locator {
    // label <p> → its <div> → the row that also holds the copy button.
    return this.root.getByText(label, { exact: true }).locator("xpath=../..");
  }

  async fill(values: ProofValues) {
    if (values.file) await this.file.setInputFiles(values.file);
    if (values.reference !== undefined) await this.reference.fill(values.reference);
    if (values.bankCode !== undefined) await this.payingBank.selectOption(values.bankCode);
    if (values.paidOn !== undefined) await this.paidOn.fill(values.paidOn);
    if (values.transactionId !== undefined) await this.transactionId.fill(values.transactionId);
    if (values.payerEmail !== undefined) await this.payerEmail.fill(values.payerEmail);
  }
}

/** /admin/orders: the staff queue. */
export class StaffQueuePage {
  readonly root: Locator;
  readonly rows: Locator;
  readonly done: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId("admin-orders-queue");
    this.rows = page.getByTestId("queue-row");
    this.done = page.getByTestId("decision-done");
  }

  row(number: number): Locator {
    return this.rows.filter({ has: this.page.getByRole("cell", { name: `#${number}`, exact: true }) });
  }
}

/** /admin/orders/:orderId: one order with its proofs, history and the decision forms. */
export class StaffReviewPage {
  readonly root: Locator;
  readonly status: Locator;
  readonly proofs: Locator;
  readonly receiptImage: Locator;
  readonly receiptPdf: Locator;
  readonly approve: Locator;
  readonly reject: Locator;
  readonly reason: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId("admin-order-review");
    this.status = this.root.getByTestId("order-status");
    this.proofs = page.getByTestId("proof");
    this.receiptImage = page.getByTestId("receipt-image");
    this.receiptPdf = page.getByTestId("receipt-pdf");
    this.approve = page.getByTestId("approve");
    this.reject = page.getByTestId("reject");
    this.reason = page.getByTestId("reject-reason");
  }
}
