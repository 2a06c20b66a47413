import type { Browser, BrowserContext, Page, Route } from "@playwright/test";
import { AuthPage } from "./pages/auth-pages";
import { MyOrdersPage, OrderPage, PayPage, StaffQueuePage, StaffReviewPage, type ProofValues } from "./pages/order-pages";
import { expectMovesOnAfter } from "./support/clock";
import { randomClientIp } from "./support/auth-fixtures";
import { expect, serverFixture, test as base, type AppServer } from "./support/server-fixture";
import { readMailbox, signInLink, waitForMail } from "./support/mailbox";
import { PHONE } from "./support/phone";
import { followSignInLink } from "./support/sign-in-link";
import type { OrderSeedPlan, SeedPaymentMethod, SeededOrders } from "./support/order-seed-plan";
import { fakePngReceipt, pdfReceipt, pngReceipt } from "./support/receipt-files";

// Orders come from the store and tournament features, which are not built yet: each worker starts
// its own server (own port, data dir, mail folder) seeded with every test's people and orders by
// seed-orders.ts. Every test has its own people and orders there, so the tests stay independent and
// run in parallel; people sign in through the real /auth page with the link from that server's mail.

const PEOPLE = {
  pmOwner: { email: "pm-owner@example.com", name: "María Pagomóvil" },
  pmStaff: { email: "pm-staff@example.com", name: "Sofía Staff", isStaff: true },
  bnOwner: { email: "bn-owner@example.com", name: "Brian Binance", language: "en" },
  bnStaff: { email: "bn-staff@example.com", name: "Steve Staff", isStaff: true },
  ppOwner: { email: "pp-owner@example.com", name: "Paula Paypal" },
  ppStaff: { email: "pp-staff@example.com", name: "Pedro Staff", isStaff: true },
  rjOwner: { email: "rj-owner@example.com", name: "Rafael Rechazo" },
  rjStaff: { email: "rj-staff@example.com", name: "Rosa Staff", isStaff: true },
  cxOwner: { email: "cx-owner@example.com", name: "Carla Cancela" },
  wmOwner: { email: "wm-owner@example.com", name: "Walter Método" },
  valOwner: { email: "val-owner@example.com", name: "Valeria Valida" },
  accOwner: { email: "acc-owner@example.com", name: "Andrés Dueño" },
  stranger: { email: "stranger@example.com", name: "Esteban Extraño" },
  njOwner: { email: "nj-owner@example.com", name: "Nicolás Sinjs" },
  rgOwner: { email: "rg-owner@example.com", name: "Renata Registro" },
} as const satisfies Record<string, { email: string; name: string; language?: "es" | "en"; isStaff?: boolean }>;
type PersonKey = keyof typeof PEOPLE;

const ORDERS = {
  pm: { owner: "pmOwner", method: "pago_movil" },
  bn: { owner: "bnOwner", method: "binance", kind: "tournament", label: "Copa Free Fire registration" },
  pp: { owner: "ppOwner", method: "paypal" },
  rj: { owner: "rjOwner", method: "pago_movil" },
  cx: { owner: "cxOwner", method: "pago_movil" },
  wm: { owner: "wmOwner", method: "pago_movil" },
  valBinance: { owner: "valOwner", method: "binance" },
  valPaypal: { owner: "valOwner", method: "paypal" },
  valPmA: { owner: "valOwner", method: "pago_movil" },
  valPmB: { owner: "valOwner", method: "pago_movil" },
  acc: { owner: "accOwner", method: "binance" },
  nj: { owner: "njOwner", method: "binance" },
  rg: {
    owner: "rgOwner",
    method: "binance",
    kind: "tournament",
    label: "Blood Strike Duo Clash · inscripción del equipo Los Invencibles de Caracas",
    approved: true,
  },
} as const satisfies Record<
  string,
  { owner: PersonKey; method: SeedPaymentMethod; kind?: "store" | "tournament"; label?: string; approved?: boolean }
>;
type OrderKey = keyof typeof ORDERS;

const PLAN: OrderSeedPlan = {
  users: Object.entries(PEOPLE).map(([key, person]) => ({ key, ...person })),
  orders: Object.entries(ORDERS).map(([key, order]) => ({ key, ...order })),
};

interface Shop extends AppServer, SeededOrders {}

const test = base.extend<{ shop: AppServer & SeededOrders }>({
  shop: serverFixture<SeededOrders>({ prepare: ["tests/e2e/support/seed-orders.ts", JSON.stringify(PLAN)] }),
  baseURL: async ({ shop }, use) => use(shop.url),
});

// One worker runs these tests in order, on one server: a second or third worker would only seed and
// start another copy of it (about a minute of a loaded machine's time each).
test.describe.configure({ mode: "default" });

// ---- texts -------------------------------------------------------------------------------

type Language = "es" | "en";

const TEXT = {
  es: {
    cancelByStaffOnly:
      "Ya enviaste tu comprobante: desde ahora solo nuestro equipo puede cancelar el pedido. Si necesitas cancelarlo, escríbenos y te ayudamos.",
    status: {
      initiated: "Esperando tu pago",
      proof_submitted: "Verificando tu pago",
      approved: "Pago aprobado",
      rejected: "Pago rechazado",
      cancelled: "Cancelado",
    },
    staffStatus: { proof_submitted: "Comprobante enviado", approved: "Aprobado", rejected: "Rechazado" },
    writeToUs: "escríbenos",
    payNow: "Pagar ahora",
    payTitle: (method: string) => `Pagar con ${method}`,
    sending: /^Enviando… \d+%$/,
    sent: "Pago enviado. Espera la verificación y revisa tu correo.",
    nextInitiated: /^Paga y envía tu comprobante antes de .+ o el pedido vencerá\.$/,
    nextApproved: "Tu pago fue aprobado. Estamos entregando tu pedido.",
    mailReceived: (number: number) => `Recibimos tu comprobante · Pedido #${number}`,
    approve: "Aprobar pago",
    done: (number: number) => `Listo: el pedido #${number} fue actualizado.`,
    receiptAlt: (number: number) => `Comprobante de pago del pedido #${number}`,
    noFile: "Sin archivo adjunto.",
  },
  en: {
    cancelByStaffOnly:
      "You have already sent your receipt: from now on only our team can cancel the order. If you need to cancel it, write to us and we will help.",
    status: {
      initiated: "Waiting for your payment",
      proof_submitted: "Verifying your payment",
      approved: "Payment approved",
      rejected: "Payment rejected",
      cancelled: "Cancelled",
    },
    staffStatus: { proof_submitted: "Proof submitted", approved: "Approved", rejected: "Rejected" },
    writeToUs: "write to us",
    payNow: "Pay now",
    payTitle: (method: string) => `Pay with ${method}`,
    sending: /^Sending… \d+%$/,
    sent: "Payment sent, please wait for verification, check email.",
    nextInitiated: /^Pay and send your receipt before .+ or the order will expire\.$/,
    nextApproved: "Your payment was approved. We are delivering your order.",
    mailReceived: (number: number) => `We received your receipt · Order #${number}`,
    approve: "Approve payment",
    done: (number: number) => `Done: order #${number} was updated.`,
    receiptAlt: (number: number) => `Payment receipt for order #${number}`,
    noFile: "No file attached.",
  },
} satisfies Record<Language, unknown>;

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);

/** Today as the date input writes it (the server allows a day of slack around UTC). */
const today = () => new Date().toISOString().slice(0, 10);

// ---- people ------------------------------------------------------------------------------

function person(key: PersonKey) {
  return PEOPLE[key];
}

/**
 * Opens `path` signed out, is sent to /auth, asks for a link, opens it from this server's mail
 * and lands back on `path`. With `language`, the page is first switched with `?lang=`.
 */
async function signIn(page: Page, shop: Shop, who: PersonKey, path: string, language: Language = "es") {
  const { email } = person(who);
  if (path.startsWith("/admin")) {
    // The back-office is a 404 for visitors: staff open the sign-in page themselves.
    await page.goto(`/auth?redirectTo=${encodeURIComponent(path)}${language === "es" ? "" : `&lang=${language}`}`);
  } else {
    await page.goto(language === "es" ? path : `${path}?lang=${language}`);
    await expect(page).toHaveURL((url) => url.pathname === "/auth" && url.searchParams.get("redirectTo") === path);
  }
  const auth = new AuthPage(page);
  const askedAt = new Date();
  await auth.requestLink(email);
  await expect(auth.linkSent).toContainText(email);
  await followSignInLink(page, await signInLink(email, { after: askedAt, dataDir: shop.dataDir }));
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(page.locator("html")).toHaveAttribute("lang", language);
}

/** A second person at their own browser (own cookies, own client address). */
async function newBrowserFor(browser: Browser, shop: Shop): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: shop.url,
    locale: "es-VE",
    timezoneId: "America/Caracas",
    extraHTTPHeaders: { "X-Forwarded-For": randomClientIp() },
  });
  return { context, page: await context.newPage() };
}

/** Holds the proof upload at the network until `release()`, so the progress bar can be seen. */
async function holdProofUpload(page: Page, orderId: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const handler = async (route: Route) => {
    await released;
    await route.continue();
  };
  await page.route((url) => url.pathname === `/orders/${orderId}/proof`, handler);
  return {
    release: async () => {
      release();
      await page.unroute((url) => url.pathname === `/orders/${orderId}/proof`, handler);
    },
  };
}

/** Sends the proof and waits for the order page that says it was sent. */
/**
 * Sends proof and waits until the "sent" page has moved on by itself (SPEC §4: after 3 s), so the
 * automatic navigation can never cut a later one short.
 */
async function sendProof(pay: PayPage, orderId: string, values: ProofValues) {
  await pay.fill(values);
  await pay.submit.click();
  await expect(pay.page).toHaveURL((url) => url.pathname === `/orders/${orderId}` && url.searchParams.has("sent"));
  await expect(pay.page.getByTestId("proof-sent")).toBeVisible();
  await expectMovesOnAfter(pay.page, 3_000, (url) => !url.searchParams.has("sent"));
}

// ---- 1. paying with each method, staff approval ----------------------------------------

interface MethodCase {
  method: SeedPaymentMethod;
  language: Language;
  order: OrderKey;
  owner: PersonKey;
  staff: PersonKey;
  methodName: string;
  amount: string;
  /** The order's one line in "my orders". */
  item: string;
  /** Where the "proof sent" page goes on by itself (SPEC §4: store → /store, tournament → /). */
  afterProof: string;
  /** Subject of the mail sent on approval (a tournament order's confirms the registration). */
  approvedMail: (number: number) => string;
  /** What the order page says once approved, when the kind has its own end (a registration: the place confirmed). */
  approved?: { status: string; next: RegExp; link: string };
  payTo: Array<[label: string, value: string]>;
  copy: { label: string; value: string; toast: string };
  proof: ProofValues;
  /** What staff see of the proof on the review page: [testid, text]. */
  staffSees: Array<[testId: string, text: string]>;
}

const METHOD_CASES: MethodCase[] = [
  {
    method: "pago_movil",
    language: "es",
    order: "pm",
    owner: "pmOwner",
    staff: "pmStaff",
    methodName: "Pago Móvil",
    amount: "Bs. 491,00",
    item: "100 Diamantes Free Fire × 1",
    afterProof: "/store",
    approvedMail: (number) => `Pago aprobado · Pedido #${number}`,
    payTo: [
      ["Banco", "0134 Banesco"],
      ["Teléfono", "04141234567"],
      ["Cédula / RIF", "J-50123456-7"],
    ],
    copy: { label: "Teléfono", value: "04141234567", toast: "Número copiado" },
    proof: { file: pngReceipt("pago-movil.png"), reference: "00123456789", bankCode: "0102", paidOn: today() },
    staffSees: [
      ["proof-bank", "0102 · Banco de Venezuela"],
      ["proof-reference", "00123456789"],
      ["proof-paid-on", today()],
    ],
  },
  {
    method: "binance",
    language: "en",
    order: "bn",
    owner: "bnOwner",
    staff: "bnStaff",
    methodName: "Binance",
    amount: "$5.00",
    item: "Copa Free Fire registration × 1",
    afterProof: "/",
    approvedMail: (number) => `Registration confirmed · Order #${number}`,
    approved: {
      status: "Registration confirmed",
      next: /^Your place is confirmed\. The event is on .+: we will e-mail you when check-in opens\.$/,
      link: "See the event",
    },
    payTo: [["Binance Pay ID", "123456789"]],
    copy: { label: "Binance Pay ID", value: "123456789", toast: "ID copied" },
    proof: { file: pngReceipt("binance.png"), transactionId: "BNB-2024-778899" },
    staffSees: [["proof-transaction", "BNB-2024-778899"]],
  },
  {
    method: "paypal",
    language: "es",
    order: "pp",
    owner: "ppOwner",
    staff: "ppStaff",
    methodName: "PayPal",
    amount: "$12,50",
    item: "100 Diamantes Free Fire × 1",
    afterProof: "/store",
    approvedMail: (number) => `Pago aprobado · Pedido #${number}`,
    payTo: [["Correo PayPal", "pagos@arena-latam.example"]],
    copy: { label: "Correo PayPal", value: "pagos@arena-latam.example", toast: "Correo copiado" },
    proof: { payerEmail: "paula.pagadora@example.com" },
    staffSees: [["proof-payer-email", "paula.pagadora@example.com"]],
  },
];

// The buyer pays on a phone (360 px), as most of our players do; staff review in their own browser.
test.use({ viewport: PHONE });

test.describe("paying an order and staff approving it", () => {
  for (const c of METHOD_CASES) {
    test(`${c.methodName} (${c.language}): pay, send proof with progress, staff approve, owner told`, async ({
      page,
      context,
      browser,
      shop,
    }) => {
      test.setTimeout(90_000);
      const t = TEXT[c.language];
      const owner = person(c.owner);
      const order = shop.orders[c.order]!;
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: shop.url });

      // The owner finds the order among theirs.
      await signIn(page, shop, c.owner, "/orders", c.language);
      const myOrders = new MyOrdersPage(page);
      const row = myOrders.row(order.number);
      await expect(myOrders.rows).toHaveCount(1);
      await expect(row).toContainText(t.status.initiated);
      await expect(row).toContainText(c.amount);
      await expect(row).toContainText(c.methodName);
      await expect(row).toContainText(c.item);
      await row.click();

      const orderPage = new OrderPage(page);
      await expect(page).toHaveURL((url) => url.pathname === `/orders/${order.id}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        c.language === "es" ? `Pedido #${order.number}` : `Order #${order.number}`,
      );
      await expect(orderPage.status).toHaveText(t.status.initiated);
      await expect(orderPage.next).toHaveText(t.nextInitiated);
      await expect(orderPage.total).toHaveText(c.amount);
      await expect(orderPage.payNow).toHaveText(t.payNow);
      await orderPage.payNow.click();

      // The payment page: amount, where to pay, copy buttons.
      const pay = new PayPage(page);
      await expect(page).toHaveURL((url) => url.pathname === `/orders/${order.id}/pay/${c.method}`);
      await expect(pay.root).toHaveAttribute("data-method", c.method);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.payTitle(c.methodName));
      await expect(pay.amount).toHaveText(c.amount);
      if (c.method === "pago_movil") await expect(pay.root).toContainText("Tasa usada: Bs. 245,50 por dólar");
      for (const [label, value] of c.payTo) await expect(pay.payToValue(label)).toHaveText(value);

      await pay.copyButton(c.copy.label).click();
      await expect(page.getByRole("status").filter({ hasText: c.copy.toast })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(c.copy.value);
      // What is being paid for, the time left, and the amount copied as a bank app takes it (digits only).
      await expect(page.getByTestId("pay-summary")).toContainText(c.item.replace(/ × \d+$/, ""));
      await expect(page.getByTestId("pay-expires")).toContainText(c.language === "es" ? "Vence en" : "Expires in");
      await page.getByTestId("copy-amount").click();
      await expect(page.getByRole("status").filter({ hasText: c.language === "es" ? "Monto copiado" : "Amount copied" })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(c.amount.replace(/^(Bs\. |\$)/, ""));

      // Proof of payment; the upload is held at the network for a moment so the bar can be seen.
      if (c.method === "paypal") await expect(pay.file).toHaveCount(0);
      await pay.fill(c.proof);
      const upload = await holdProofUpload(page, order.id);
      const sentAt = new Date();
      await pay.submit.click();
      await expect(pay.progress).toBeVisible();
      await expect(pay.progress).toHaveAttribute("role", "progressbar");
      await expect(pay.submit).toBeDisabled();
      await expect(pay.submit).toHaveText(t.sending);
      await upload.release();

      await expect(page).toHaveURL((url) => url.pathname === `/orders/${order.id}` && url.searchParams.has("sent"));
      await expect(orderPage.proofSent).toHaveText(t.sent);
      await expect(orderPage.status).toHaveText(t.status.proof_submitted);
      // SPEC §4: a few seconds later the page moves on by itself.
      await expectMovesOnAfter(page, 3_000, (url) => url.pathname === c.afterProof);
      const received = await waitForMail(owner.email, {
        subject: exactly(t.mailReceived(order.number)),
        after: sentAt,
        dataDir: shop.dataDir,
      });
      expect(received.text).toContain(c.amount);
      expect(received.links).toContain(`${shop.url}/orders/${order.id}`);
      await orderPage.open(order.id);
      await expect(orderPage.status).toHaveText(t.status.proof_submitted);
      await expect(orderPage.payNow).toHaveCount(0);
      // Money may have moved: the buyer can no longer cancel, and is told who can.
      await expect(orderPage.cancel).toHaveCount(0);
      await expect(orderPage.cancelByStaffOnly).toHaveText(t.cancelByStaffOnly);
      await expect(orderPage.cancelByStaffOnly.getByRole("link", { name: t.writeToUs })).toHaveAttribute(
        "href",
        `/support?order=${order.id}`,
      );

      // Staff, at their own browser, find it in the queue and approve it.
      const staff = await newBrowserFor(browser, shop);
      try {
        await signIn(staff.page, shop, c.staff, "/admin/orders", c.language);
        const queue = new StaffQueuePage(staff.page);
        const queued = queue.row(order.number);
        await expect(queued).toContainText(owner.name);
        await expect(queued).toContainText(owner.email);
        await expect(queued).toContainText(t.staffStatus.proof_submitted);
        await expect(queued).toContainText(c.amount);
        await queued.getByTestId("review-link").click();

        const review = new StaffReviewPage(staff.page);
        await expect(staff.page).toHaveURL((url) => url.pathname === `/admin/orders/${order.id}`);
        await expect(review.status).toHaveText(t.staffStatus.proof_submitted);
        await expect(review.proofs).toHaveCount(1);
        for (const [testId, text] of c.staffSees) await expect(review.proofs.getByTestId(testId)).toHaveText(text);
        if (c.proof.file) {
          // The receipt is shown inline, and it is the picture that was uploaded.
          await expect(review.receiptImage).toBeVisible();
          await expect(review.receiptImage).toHaveAttribute("alt", t.receiptAlt(order.number));
          await expect.poll(() => review.receiptImage.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(48);
        } else {
          await expect(review.receiptImage).toHaveCount(0);
          await expect(review.proofs).toContainText(t.noFile);
        }
        const decidedAt = new Date();
        await expect(review.approve).toContainText(t.approve);
        // One keystroke is a decision: the PayPal case approves with "a", the others click.
        if (c.method === "paypal") await staff.page.keyboard.press("a");
        else await review.approve.click();
        // The next proof waiting opens (or the queue when none is left), saying which order was done.
        await expect(staff.page).toHaveURL(
          (url) => url.pathname.startsWith("/admin/orders") && url.searchParams.get("done") === String(order.number),
        );
        await expect(queue.done).toHaveText(t.done(order.number));
        await expect(queue.row(order.number)).toHaveCount(0);

        // The owner reloads and sees the approval; the approval mail arrived.
        await page.reload();
        if (c.approved) {
          // A registration ends at its own words and next step, not at "delivering" for ever.
          await expect(orderPage.status).toHaveText(c.approved.status);
          await expect(orderPage.next).toHaveText(c.approved.next);
          await expect(page.getByRole("link", { name: c.approved.link })).toHaveAttribute("href", "/tournament?id=blood-strike-duo-clash");
        } else {
          await expect(orderPage.status).toHaveText(t.status.approved);
          await expect(orderPage.next).toHaveText(t.nextApproved);
        }
        await expect(orderPage.payNow).toHaveCount(0);
        await expect(orderPage.cancel).toHaveCount(0);
        const approved = await waitForMail(owner.email, {
          subject: exactly(c.approvedMail(order.number)),
          after: decidedAt,
          dataDir: shop.dataDir,
        });
        expect(approved.text).toContain(c.amount);
      } finally {
        await staff.context.close();
      }
    });
  }
});

test("an approved registration's order says the place is confirmed, with the event's link, in the list too (es, then en)", async ({
  page,
  shop,
}) => {
  const order = shop.orders.rg!;
  await signIn(page, shop, "rgOwner", `/orders/${order.id}`);
  const orderPage = new OrderPage(page);
  await expect(orderPage.status).toHaveText("Inscripción confirmada");
  await expect(orderPage.next).toHaveText(
    /^Tu plaza está confirmada\. El evento es el .+: te avisaremos por correo cuando abra el check-in\.$/,
  );
  await expect(page.getByRole("link", { name: "Ver el evento" })).toHaveAttribute("href", "/tournament?id=blood-strike-duo-clash");
  await expect(page.getByTestId("order-step").last()).toHaveAttribute("data-state", "done");
  await expect(page.getByTestId("order-step").last()).toContainText("Inscripción confirmada");
  // The list of orders says the same thing about the same order, and at 360 px the item's name is whole, not cut.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/orders");
  const row = new MyOrdersPage(page).row(order.number);
  await expect(row).toContainText("Inscripción confirmada");
  const items = row.getByTestId("order-row-items");
  await expect(items).toHaveText("Blood Strike Duo Clash · inscripción del equipo Los Invencibles de Caracas × 1");
  expect(await items.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

  await page.goto(`/orders/${order.id}?lang=en`);
  await expect(orderPage.status).toHaveText("Registration confirmed");
  await expect(orderPage.next).toHaveText(/^Your place is confirmed\. The event is on .+: we will e-mail you when check-in opens\.$/);
  await expect(page.getByRole("link", { name: "See the event" })).toHaveAttribute("href", "/tournament?id=blood-strike-duo-clash");
  await page.goto("/orders");
  await expect(new MyOrdersPage(page).row(order.number)).toContainText("Registration confirmed");
});

// ---- 2. rejected, then sent again ------------------------------------------------------

test("staff reject with a reason; the owner sees it, gets it by mail and sends new proof", async ({ page, browser, shop }) => {
  test.setTimeout(90_000);
  const t = TEXT.es;
  const owner = person("rjOwner");
  const order = shop.orders.rj!;
  const reason = "El monto recibido no coincide con el pedido";
  const proof: ProofValues = { reference: "55501234", bankCode: "0105", paidOn: today() };

  await signIn(page, shop, "rjOwner", `/orders/${order.id}`);
  const orderPage = new OrderPage(page);
  const pay = new PayPage(page);
  await orderPage.payNow.click();
  await sendProof(pay, order.id, { ...proof, file: pngReceipt() });
  await orderPage.open(order.id);
  await expect(orderPage.status).toHaveText(t.status.proof_submitted);

  const staff = await newBrowserFor(browser, shop);
  try {
    await signIn(staff.page, shop, "rjStaff", `/admin/orders/${order.id}`);
    const review = new StaffReviewPage(staff.page);
    await expect(review.status).toHaveText(t.staffStatus.proof_submitted);
    const rejectedAt = new Date();
    await review.reason.fill(reason);
    await review.reject.click();
    await expect(staff.page).toHaveURL(
      (url) => url.pathname.startsWith("/admin/orders") && url.searchParams.get("done") === String(order.number),
    );
    await expect(new StaffQueuePage(staff.page).done).toHaveText(t.done(order.number));

    // The owner sees the rejection and its reason, on the page and by mail.
    await orderPage.open(order.id);
    await expect(orderPage.status).toHaveText(t.status.rejected);
    await expect(orderPage.next).toHaveText("No pudimos validar tu pago. Revisa el motivo y envía un comprobante nuevo.");
    await expect(orderPage.root).toContainText(`Motivo: ${reason}`);
    const mail = await waitForMail(owner.email, {
      subject: exactly(`No pudimos validar tu pago · Pedido #${order.number}`),
      after: rejectedAt,
      dataDir: shop.dataDir,
    });
    expect(mail.text).toContain(`Motivo: ${reason}`);
    expect(mail.text).toContain("Puedes enviar un comprobante nuevo desde la página del pedido.");
    expect(mail.links).toContain(`${shop.url}/orders/${order.id}`);

    // New proof (a PDF this time); the rejected proof no longer holds its reference.
    await expect(orderPage.payNow).toHaveText(t.payNow);
    await orderPage.payNow.click();
    await expect(pay.root).toBeVisible();
    const resentAt = new Date();
    await sendProof(pay, order.id, { ...proof, file: pdfReceipt() });
    await waitForMail(owner.email, { subject: exactly(t.mailReceived(order.number)), after: resentAt, dataDir: shop.dataDir });
    await orderPage.open(order.id);
    await expect(orderPage.status).toHaveText(t.status.proof_submitted);
    await expect(orderPage.root).not.toContainText("Motivo:");

    // Staff see both proofs: the new PDF on top, the rejected one marked.
    await staff.page.goto(`/admin/orders/${order.id}`);
    await expect(review.status).toHaveText(t.staffStatus.proof_submitted);
    await expect(review.proofs).toHaveCount(2);
    await expect(review.proofs.first().getByTestId("receipt-pdf")).toBeAttached();
    await expect(review.proofs.first()).toContainText("Más reciente");
    await expect(review.proofs.last()).toContainText("Rechazado antes");
    await expect(review.proofs.last().getByTestId("receipt-image")).toBeVisible();
    await expect(staff.page.getByTestId("order-history")).toContainText(`Motivo: ${reason}`);
  } finally {
    await staff.context.close();
  }
});

// ---- 3. cancel -------------------------------------------------------------------------

test("the owner cancels from the payment page after confirming; the order no longer takes a payment", async ({ page, shop }) => {
  const t = TEXT.es;
  const order = shop.orders.cx!;
  await signIn(page, shop, "cxOwner", `/orders/${order.id}/pay/pago_movil`);
  const pay = new PayPage(page);
  await expect(pay.root).toBeVisible();

  // Saying no to the question changes nothing.
  const questions: string[] = [];
  page.once("dialog", async (dialog) => {
    questions.push(dialog.message());
    await dialog.dismiss();
  });
  await pay.cancel.click();
  await expect.poll(() => questions).toEqual(["¿Seguro que quieres cancelar este pedido?"]);
  await expect(page).toHaveURL((url) => url.pathname === `/orders/${order.id}/pay/pago_movil`);
  await expect(pay.root).toBeVisible();

  page.once("dialog", async (dialog) => {
    questions.push(dialog.message());
    await dialog.accept();
  });
  await pay.cancel.click();
  await expect(page).toHaveURL((url) => url.pathname === `/orders/${order.id}` && url.searchParams.has("cancelled"));
  expect(questions).toHaveLength(2);
  const orderPage = new OrderPage(page);
  await expect(orderPage.cancelled).toHaveText("El pedido fue cancelado");
  await expect(orderPage.status).toHaveText(t.status.cancelled);
  await expect(orderPage.next).toHaveText("Este pedido fue cancelado.");
  await expect(orderPage.payNow).toHaveCount(0);
  await expect(orderPage.cancel).toHaveCount(0);

  // The payment page now says so, without the proof form.
  await pay.open(order.id, "pago_movil");
  await expect(pay.notPayable).toContainText("Este pedido ya no espera un pago.");
  await expect(pay.root).toHaveCount(0);
  await expect(pay.file).toHaveCount(0);

  const myOrders = new MyOrdersPage(page);
  await myOrders.open();
  await expect(myOrders.row(order.number)).toContainText(t.status.cancelled);
});

// ---- 4. wrong method -------------------------------------------------------------------

test("a payment page for another method than the order's points to the right one", async ({ page, shop }) => {
  const order = shop.orders.wm!;
  await signIn(page, shop, "wmOwner", `/orders/${order.id}/pay/binance`);
  const pay = new PayPage(page);
  await expect(pay.wrongMethod).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Método de pago incorrecto");
  await expect(pay.wrongMethod).toContainText("Este pedido se paga con Pago Móvil, no con Binance.");
  await expect(pay.root).toHaveCount(0);
  await expect(pay.file).toHaveCount(0);
  await expect(pay.transactionId).toHaveCount(0);

  await pay.open(order.id, "paypal");
  await expect(pay.wrongMethod).toContainText("Este pedido se paga con Pago Móvil, no con PayPal.");
  const right = pay.wrongMethod.getByRole("link", { name: "Ir a pagar con Pago Móvil" });
  await expect(right).toHaveAttribute("href", `/orders/${order.id}/pay/pago_movil`);
  await right.click();
  await expect(page).toHaveURL((url) => url.pathname === `/orders/${order.id}/pay/pago_movil`);
  await expect(pay.root).toHaveAttribute("data-method", "pago_movil");
  await expect(pay.amount).toHaveText("Bs. 491,00");

  // A method that does not exist at all is a 404.
  const unknown = await page.goto(`/orders/${order.id}/pay/bitcoin`);
  expect(unknown?.status()).toBe(404);
  await expect(page.getByTestId("not-found")).toBeVisible();
});

// ---- 5. validation ---------------------------------------------------------------------

test("proofs that are missing, fake or reuse a reference are refused and change nothing", async ({ page, shop }) => {
  test.setTimeout(60_000);
  const t = TEXT.es;
  const owner = person("valOwner");
  const { valBinance, valPaypal, valPmA, valPmB } = shop.orders as Record<string, { id: string; number: number }>;
  const proofPosts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && /\/proof$/.test(new URL(request.url()).pathname)) proofPosts.push(new URL(request.url()).pathname);
  });

  // Binance without a file: refused in the page, nothing is sent.
  await signIn(page, shop, "valOwner", `/orders/${valBinance!.id}/pay/binance`);
  const pay = new PayPage(page);
  await pay.transactionId.fill("TX-998877");
  await pay.submit.click();
  await expect(pay.error).toHaveText("Por favor, selecciona un archivo antes de subirlo.");
  expect(proofPosts).toEqual([]);

  // A text file named like a picture: the server looks at the content and refuses it.
  await pay.file.setInputFiles(fakePngReceipt("recibo.png"));
  await pay.submit.click();
  await expect(pay.error).toHaveText("El archivo debe ser una imagen (JPG, PNG o WebP) o un PDF.");
  await expect(pay.progress).toHaveCount(0);
  await expect(pay.submit).toBeEnabled();
  await expect(pay.transactionId).toHaveValue("TX-998877");
  expect(proofPosts).toEqual([`/orders/${valBinance!.id}/proof`]);

  // PayPal without the payer's e-mail.
  await pay.open(valPaypal!.id, "paypal");
  await pay.submit.click();
  await expect(pay.error).toHaveText("Por favor, escribe un correo.");
  await expect(pay.payerEmail).toHaveValue("");

  // A bank reference already used on another order.
  const used: ProofValues = { reference: "7777123456", bankCode: "0134", paidOn: today() };
  await pay.open(valPmA!.id, "pago_movil");
  await sendProof(pay, valPmA!.id, { ...used, file: pngReceipt() });
  await pay.open(valPmB!.id, "pago_movil");
  await pay.fill({ ...used, file: pngReceipt("otro.png") });
  await pay.submit.click();
  await expect(pay.error).toHaveText("Esa referencia de ese banco ya se usó para pagar otro pedido.");
  await expect(pay.progress).toHaveCount(0);
  await expect(pay.reference).toHaveValue("7777123456");

  // Only the good proof went through.
  const myOrders = new MyOrdersPage(page);
  await myOrders.open();
  for (const refused of [valBinance!, valPaypal!, valPmB!]) await expect(myOrders.row(refused.number)).toContainText(t.status.initiated);
  await expect(myOrders.row(valPmA!.number)).toContainText(t.status.proof_submitted);
  const orderPage = new OrderPage(page);
  await orderPage.open(valPmB!.id);
  await expect(orderPage.status).toHaveText(t.status.initiated);
  await expect(orderPage.payNow).toBeVisible();
  await expect
    .poll(() =>
      readMailbox(owner.email, { dataDir: shop.dataDir })
        .filter((mail) => mail.subject.startsWith("Recibimos tu comprobante"))
        .map((mail) => mail.subject),
    )
    .toEqual([t.mailReceived(valPmA!.number)]);
});

// The payment page has no React runtime: without any JavaScript the proof form is a plain multipart post.
test("without JavaScript, proof is a plain form post: a refusal comes back translated, a good proof goes through", async ({
  page,
  browser,
  shop,
}) => {
  const order = shop.orders.nj!;
  await signIn(page, shop, "njOwner", `/orders/${order.id}`);
  const context = await browser.newContext({
    baseURL: shop.url,
    javaScriptEnabled: false,
    locale: "es-VE",
    extraHTTPHeaders: { "X-Forwarded-For": randomClientIp() },
    storageState: await page.context().storageState(),
  });
  try {
    const pay = new PayPage(await context.newPage());
    await pay.open(order.id, "binance");
    // Copying needs a script: without one the buttons are not offered.
    await expect(pay.copyButton("Binance Pay ID")).toBeHidden();
    await pay.transactionId.fill("TX-NOJS-4455");
    await pay.submit.click();
    await expect(pay.page).toHaveURL(
      (url) => url.pathname === `/orders/${order.id}/pay/binance` && url.searchParams.get("error") === "FILE_REQUIRED",
    );
    await expect(pay.error).toHaveText("Por favor, selecciona un archivo antes de subirlo.");

    await pay.fill({ file: pngReceipt(), transactionId: "TX-NOJS-4455" });
    await pay.submit.click();
    await expect(pay.page).toHaveURL((url) => url.pathname === `/orders/${order.id}` && url.searchParams.has("sent"));
    const orderPage = new OrderPage(pay.page);
    await expect(orderPage.proofSent).toHaveText(TEXT.es.sent);
    await expect(orderPage.status).toHaveText(TEXT.es.status.proof_submitted);
  } finally {
    await context.close();
  }
});

// ---- 6. who may see what ---------------------------------------------------------------

test("another user gets a 404 for someone else's order, and non-staff get a 404 for the back office", async ({ page, browser, shop }) => {
  const order = shop.orders.acc!;

  // Visitors get the same 404: the back office does not exist for them.
  const visitorAnswer = await page.goto("/admin/orders");
  expect(visitorAnswer?.status()).toBe(404);
  await expect(page.getByTestId("not-found")).toBeVisible();

  await signIn(page, shop, "stranger", "/orders");
  await expect(page.getByTestId("my-orders")).toContainText("Aún no tienes pedidos.");
  for (const path of [`/orders/${order.id}`, `/orders/${order.id}/pay/binance`, "/admin/orders", `/admin/orders/${order.id}`]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByTestId("not-found")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página no encontrada");
    await expect(page.getByTestId("order-page")).toHaveCount(0);
  }

  // The owner does see it, and is not staff either.
  const owner = await newBrowserFor(browser, shop);
  try {
    await signIn(owner.page, shop, "accOwner", `/orders/${order.id}`);
    await expect(new OrderPage(owner.page).status).toHaveText(TEXT.es.status.initiated);
    const response = await owner.page.goto("/admin/orders");
    expect(response?.status()).toBe(404);
    await expect(owner.page.getByTestId("not-found")).toBeVisible();
  } finally {
    await owner.context.close();
  }
});
