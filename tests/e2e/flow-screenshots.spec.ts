import fs from "node:fs";
import path from "node:path";
import type { Browser, Locator, Page } from "@playwright/test";
import * as prettier from "prettier";
import sharp from "sharp";
import type { OrderSeedPlan } from "./support/order-seed-plan";
import { pngReceipt } from "./support/receipt-files";
import { asStaff, staffApprove } from "./support/staff-desk";
import { expect, serverFixture, signIn, signInOnce, test as base, type AppServer } from "./support/server-fixture";

// The player's five flows walked as a person does at 360 px, once in Spanish and once with the
// account's language English: a screenshot per step into docs/flows/<flow>-<lang>/, and the taps,
// fields and screens each flow takes into docs/flows/README.md (docs/flows/README.md says how they
// are counted and where "before" comes from). Only with E2E_SCREENSHOTS=1: `npm test` skips it,
// the same flows are asserted by english-account, player-way, store, tournaments and plus specs.

const SCREENSHOTS = process.env.E2E_SCREENSHOTS === "1";
const FLOWS_DIR = path.resolve("docs/flows");
const STAFF_EMAIL = "staff-flows@example.com";
// The player-ID checker the default web server uses (playwright.config.ts: E2E_PORT + 99).
const ID_CHECKER_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 99}`;

type Language = "es" | "en";
/** The phone a person types (the one normalizer takes spaces and dashes). */
const PHONE = "0414 765 4321";
const LANGUAGES: Language[] = ["es", "en"];
const FLOWS = ["top-up", "free-solo", "paid-duo", "plus", "support"] as const;
type Flow = (typeof FLOWS)[number];

const person = (flow: Flow, language: Language) => ({
  key: `${flow}-${language}`,
  email: `${flow}-${language}@example.com`,
  name: language === "es" ? "Valentina Rojas" : "Tom Walker",
  language,
});

const PLAN: OrderSeedPlan = {
  // Support is opened from the top-up's order: the same person.
  users: LANGUAGES.flatMap((language) => FLOWS.filter((flow) => flow !== "support").map((flow) => person(flow, language))),
  orders: [],
};

const test = base.extend<{ site: AppServer }>({
  site: serverFixture({
    prepare: ["tests/e2e/support/seed-orders.ts", JSON.stringify(PLAN)],
    env: { SEED_DEMO: "true", STAFF_EMAILS: STAFF_EMAIL, ID_CHECKER_URL, ID_CHECKER_KEY: "e2e-key", ID_CHECKER_TIMEOUT_MS: "1500" },
  }),
  baseURL: async ({ site }, use) => use(site.url),
  viewport: { width: 360, height: 780 },
});

test.skip(!SCREENSHOTS, "screenshots only with E2E_SCREENSHOTS=1 (docs/flows/README.md)");
// In order on one server: support needs the top-up's order.
test.describe.configure({ mode: "serial", timeout: 120_000 });

interface Tally {
  flow: Flow;
  language: Language;
  taps: number;
  fields: number;
  screens: number;
  images: string[];
}

/**
 * One flow's walk: every press the player makes is a tap, every value they type (or file they pick)
 * a field; a field the page already filled in (prefill, remembered phone) costs nothing. Screens are
 * the pages the browser loads on the way.
 */
class Walk {
  readonly tally: Tally;
  private readonly dir: string;

  constructor(
    readonly page: Page,
    flow: Flow,
    language: Language,
  ) {
    this.tally = { flow, language, taps: 0, fields: 0, screens: 0, images: [] };
    this.dir = path.join(FLOWS_DIR, `${flow}-${language}`);
    fs.rmSync(this.dir, { recursive: true, force: true });
    fs.mkdirSync(this.dir, { recursive: true });
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) this.tally.screens += 1;
    });
  }

  async tap(target: Locator) {
    await target.click();
    this.tally.taps += 1;
  }

  /** A radio or checkbox: a tap unless it is already as wanted. */
  async pick(target: Locator) {
    if (await target.isChecked()) return;
    await target.check();
    this.tally.taps += 1;
  }

  /** Types `value` unless the field already holds something (then it is left as it is). */
  async type(target: Locator, value: string) {
    if ((await target.inputValue()) !== "") return;
    await target.fill(value);
    this.tally.fields += 1;
  }

  /** A list's value chosen: a field, unless it already holds it. */
  async choose(target: Locator, value: string) {
    if ((await target.inputValue()) === value) return;
    await target.selectOption(value);
    this.tally.fields += 1;
  }

  async attach(target: Locator, file: Parameters<Locator["setInputFiles"]>[0]) {
    await target.setInputFiles(file);
    this.tally.fields += 1;
  }

  /** Opens a link from outside the page (the mail's link): one tap. */
  async follow(url: string) {
    await this.page.goto(url);
    this.tally.taps += 1;
  }

  async shot(step: string) {
    const name = `${String(this.tally.images.length + 1).padStart(2, "0")}-${step}.png`;
    // From the top, so the sticky bar sits where a person sees it, not over the middle of the page.
    await this.page.evaluate(async () => {
      window.scrollTo({ top: 0, behavior: "instant" });
      await document.fonts.ready;
    });
    const shot = await this.page.screenshot({ fullPage: true, animations: "disabled", caret: "hide" });
    // A 256-colour palette keeps a phone-length page at tens of kilobytes (the repository carries them).
    await sharp(shot).png({ palette: true, quality: 70, compressionLevel: 9, effort: 7 }).toFile(path.join(this.dir, name));
    this.tally.images.push(name);
  }
}

const tallies: Tally[] = [];
const orders: Partial<Record<Language, string>> = {};

/** Staff answer the newest support message; not the player's taps. */
function staffReply(browser: Browser, site: AppServer, number: string, text: string) {
  return asStaff(browser, site, STAFF_EMAIL, "/admin/support", async (page) => {
    const row = page.getByTestId("support-row").filter({ hasText: `#${number}` });
    await row.getByRole("textbox", { name: /^Respuesta/ }).fill(text);
    await row.getByTestId("support-send-reply").click();
    await expect(page.getByTestId("support-replied")).toBeVisible();
  });
}

/** The pay page of a just-started order: a Binance receipt and its transaction ID, sent; the page moves on to the order. */
async function payWithBinance(walk: Walk): Promise<string> {
  const page = walk.page;
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/pay\/binance$/);
  const id = /\/orders\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
  await walk.shot("pay");
  await walk.attach(page.getByLabel(/^(Comprobante|Receipt) \(/), pngReceipt("binance.png"));
  await walk.type(page.getByLabel(/^(ID de la transacción|Transaction ID) \(Binance\)$/), `BNB-${Date.now()}`);
  await walk.tap(page.locator('form[action$="/proof"] button[type="submit"]'));
  await expect(page.getByTestId("proof-sent")).toBeVisible();
  await walk.shot("receipt-sent");
  // The "sent" page moves on by itself (SPEC §4): where it goes is part of the flow.
  await page.clock.runFor(4_000);
  await expect(page).toHaveURL((url) => !url.searchParams.has("sent"));
  await walk.shot("moved-on");
  return id;
}

async function finish(walk: Walk) {
  tallies.push(walk.tally);
}

for (const language of LANGUAGES) {
  test(`top-up (${language})`, async ({ page, site, browser }) => {
    const who = person("top-up", language);
    await signIn(page, site, who.email, "/store/free-fire");
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    const walk = new Walk(page, "top-up", language);
    await walk.shot("game");
    await walk.type(page.locator('input[name="playerId"]'), "123456789");
    await expect(page.getByTestId("player-name")).toContainText("ZeroRushFF");
    await walk.tap(page.locator('[data-package="free-fire-341"]'));
    await walk.tap(page.locator('[data-method="binance"]'));
    await walk.type(page.locator('input[name="phone"]'), "0414 765 4321");
    await walk.shot("filled");
    await walk.tap(page.getByTestId("buy-now"));
    const id = await payWithBinance(walk);
    orders[language] = id;
    await staffApprove(browser, site, STAFF_EMAIL, id, `SMILE-${language}-0001`);
    await walk.follow(`/orders/${id}`);
    await expect(page.getByTestId("order-status")).toHaveText(language === "es" ? "Entregado" : "Delivered");
    await walk.shot("delivered");
    await finish(walk);
  });

  test(`free solo registration (${language})`, async ({ page, site }) => {
    const who = person("free-solo", language);
    await signIn(page, site, who.email, "/tournament?id=copa-free-fire-solo");
    const walk = new Walk(page, "free-solo", language);
    await walk.shot("tournament");
    const form = page.getByTestId("registration-form");
    await walk.type(form.getByRole("textbox", { name: /^(Nombre|Name)$/ }), who.name);
    await walk.type(
      form.getByRole("textbox", { name: /^(Nombre en el juego|In-game name) \(IGN\)$/ }),
      language === "es" ? "RojasFF" : "WalkerFF",
    );
    await walk.type(form.getByRole("textbox", { name: /^(Tu teléfono|Your phone)/ }), "0414 765 4321");
    await walk.shot("filled");
    await walk.tap(form.getByRole("button", { name: /^(Inscribirme gratis|Register for free)$/ }));
    await expect(page.getByTestId("registration-confirmed")).toBeVisible();
    await expect(page.getByTestId("registration-status")).toBeVisible();
    await walk.shot("confirmed");
    await finish(walk);
  });

  test(`paid duo registration (${language})`, async ({ page, site, browser }) => {
    const who = person("paid-duo", language);
    await signIn(page, site, who.email, "/tournament?id=blood-strike-duo-clash");
    const walk = new Walk(page, "paid-duo", language);
    await walk.shot("tournament");
    const form = page.getByTestId("registration-form");
    await walk.type(
      form.getByRole("textbox", { name: /^(Nombre del equipo|Team name)$/ }),
      language === "es" ? "Las Gemelas" : "The Twins",
    );
    const players = [
      { name: who.name, ign: language === "es" ? "RojasBS" : "WalkerBS" },
      { name: language === "es" ? "Daniela Rojas" : "Dora Walker", ign: language === "es" ? "DaniBS" : "DoraBS" },
    ];
    for (const [index, player] of players.entries()) {
      const fieldset = form.getByTestId(`player-${index + 1}`);
      await walk.type(fieldset.getByRole("textbox", { name: /^(Nombre|Name)$/ }), player.name);
      await walk.type(fieldset.getByRole("textbox", { name: /^(Nombre en el juego|In-game name) \(IGN\)$/ }), player.ign);
    }
    // The captain's phone is asked for (the other players' are optional).
    await walk.type(form.getByTestId("player-1").getByRole("textbox", { name: /^(Teléfono|Phone)$/ }), PHONE);
    await walk.type(form.getByRole("textbox", { name: /^(Tu teléfono|Your phone)/ }), "0424 123 4567");
    await walk.pick(form.getByRole("radio", { name: /^Binance\b/ }));
    await walk.shot("filled");
    await walk.tap(form.getByRole("button", { name: /^(Inscribirme y pagar|Register and pay)$/ }));
    await expect(page.getByTestId("registration-started")).toBeVisible();
    await walk.shot("started");
    await walk.tap(page.getByTestId("continue-to-payment"));
    const id = await payWithBinance(walk);
    await staffApprove(browser, site, STAFF_EMAIL, id);
    await walk.follow(`/orders/${id}`);
    await expect(page.getByTestId("order-status")).toHaveText(language === "es" ? "Inscripción confirmada" : "Registration confirmed");
    await walk.shot("confirmed");
    await finish(walk);
  });

  test(`Plus purchase (${language})`, async ({ page, site, browser }) => {
    const who = person("plus", language);
    await signIn(page, site, who.email, "/plus");
    const walk = new Walk(page, "plus", language);
    await walk.shot("plus");
    await walk.type(page.getByLabel(/^(Teléfono de contacto|Contact phone)/), "0414 123 4567");
    await walk.pick(page.getByRole("radio", { name: /Binance/ }));
    await walk.shot("filled");
    await walk.tap(page.getByTestId("plus-submit"));
    const id = await payWithBinance(walk);
    await staffApprove(browser, site, STAFF_EMAIL, id);
    await walk.follow(`/orders/${id}`);
    await expect(page.getByTestId("order-status")).toHaveText(language === "es" ? /^Plus activo hasta / : /^Plus active until /);
    await walk.shot("active");
    await finish(walk);
  });

  test(`support from an order (${language})`, async ({ page, site, browser }) => {
    const who = person("top-up", language);
    const orderId = orders[language];
    expect(orderId, "the top-up of this language ran first").toBeTruthy();
    await signInOnce(page, site, who.email, `/orders/${orderId}`);
    const walk = new Walk(page, "support", language);
    await walk.shot("order");
    await walk.tap(page.getByTestId("order-support-link"));
    await expect(page.getByTestId("support-subject")).toBeVisible();
    await walk.shot("form");
    await walk.choose(page.getByRole("combobox", { name: /^(Tema|Topic)/ }), "order");
    await walk.type(
      page.getByRole("textbox", { name: /^(Mensaje|Message)/ }),
      language === "es" ? "¿Cuándo llegan mis diamantes? Ya pagué." : "When do my diamonds arrive? I have paid.",
    );
    await walk.tap(page.getByTestId("support-submit"));
    await expect(page.getByTestId("support-sent")).toBeVisible();
    await walk.shot("sent");
    const number = /#(\d+)/.exec((await page.getByTestId("support-sent").textContent()) ?? "")![1]!;
    await staffReply(browser, site, number, language === "es" ? "Ya están en tu cuenta." : "They are in your account now.");
    await walk.follow("/support");
    await expect(page.getByTestId("support-reply").first()).toBeVisible();
    await walk.shot("answered");
    await finish(walk);
  });
}

const FLOW_NAMES: Record<Flow, string> = {
  "top-up": "Top-up (Free Fire, Binance)",
  "free-solo": "Free solo registration",
  "paid-duo": "Paid duo registration (Binance)",
  plus: "Plus purchase (Binance)",
  support: "Support from an order",
};

/** The table between README.md's markers: this run's figures, and the earlier walk's (before.json) beside them. */
function flowsTable(after: Tally[], before: Tally[]): string {
  const was = (tally: Tally, key: "taps" | "fields" | "screens") => {
    const old = before.find((row) => row.flow === tally.flow && row.language === tally.language);
    return old ? `${old[key]} → ${tally[key]}` : `– → ${tally[key]}`;
  };
  const rows = [...after]
    .sort((a, b) => FLOWS.indexOf(a.flow) - FLOWS.indexOf(b.flow) || LANGUAGES.indexOf(a.language) - LANGUAGES.indexOf(b.language))
    .map((tally) => {
      const images = tally.images.map((image) => `[${image.slice(3, -4)}](${tally.flow}-${tally.language}/${image})`).join(", ");
      return `| ${FLOW_NAMES[tally.flow]} | ${tally.language} | ${was(tally, "taps")} | ${was(tally, "fields")} | ${was(tally, "screens")} | ${images} |`;
    });
  return [
    "| Flow | Lang | Taps (before → after) | Fields (before → after) | Screens (before → after) | Screenshots |",
    "| --- | --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}

test.afterAll(async () => {
  if (!SCREENSHOTS || tallies.length === 0) return;
  const afterPath = path.join(FLOWS_DIR, "after.json");
  // Written as `npm run format` would write them, so the format check stays green.
  const options = await prettier.resolveConfig(afterPath);
  fs.writeFileSync(afterPath, await prettier.format(JSON.stringify(tallies), { ...options, filepath: afterPath }));
  const readmePath = path.join(FLOWS_DIR, "README.md");
  const beforePath = path.join(FLOWS_DIR, "before.json");
  if (!fs.existsSync(readmePath)) return;
  const before = fs.existsSync(beforePath) ? (JSON.parse(fs.readFileSync(beforePath, "utf8")) as Tally[]) : [];
  const readme = fs.readFileSync(readmePath, "utf8");
  const table = flowsTable(tallies, before);
  const updated = readme.replace(/<!-- flows:start -->[\s\S]*<!-- flows:end -->/, `<!-- flows:start -->\n${table}\n<!-- flows:end -->`);
  fs.writeFileSync(readmePath, await prettier.format(updated, { ...options, filepath: readmePath }));
});
