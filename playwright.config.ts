import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const ID_CHECKER_PORT = PORT + 99;
// Stand-ins for the WhatsApp Cloud API and Discord (docs/notifications.md): notices.spec.ts reads what they received.
export const WHATSAPP_DEMO_PORT = PORT + 80;
export const DISCORD_DEMO_PORT = PORT + 81;
// Stand-in for Twitch's Helix API (docs/streamers.md): donations.spec.ts starts its own app pointed at it (same offset there).
const TWITCH_DEMO_PORT = PORT + 94;
// #26 payment demo servers (docs/payments.md): tests/e2e/instant-payments.spec.ts starts its own app pointed at them (same offsets there).
const PAYMENT_DEMO_PORTS = { binance: PORT + 90, paypal: PORT + 91, bank: PORT + 92, topup: PORT + 93 };
// A fresh data directory per run: the server migrates and seeds it like a first start.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "arena-e2e-"));
// Pages axe has checked in this run, shared by the workers (tests/e2e/support/axe.ts).
process.env.E2E_AXE_SEEN_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "arena-axe-seen-"));

/**
 * Chromium's --disable-features for the tests: Playwright's own list plus the address bar's pop-up.
 * Chromium 156 builds that pop-up (two WebUI pages, each a renderer process) for every window, so for
 * every test's context, though a headless browser never shows it: a tenth of the suite's CPU.
 * Chromium keeps only the last --disable-features it is given, so Playwright's list is read from its
 * source and repeated; if an upgrade moves it, this fails loudly instead of dropping Playwright's.
 */
function disabledFeatures(): string {
  const require = createRequire(import.meta.url);
  const bundle = fs.readFileSync(path.join(path.dirname(require.resolve("playwright-core/package.json")), "lib/coreBundle.js"), "utf8");
  const list = /\bdisabledFeatures = \[([\s\S]*?)\]\.filter/.exec(bundle)?.[1];
  const playwrights = [...(list ?? "").matchAll(/^\s*"(\w+)",?\s*$/gm)].map((match) => match[1]);
  if (!playwrights.includes("PaintHolding")) throw new Error("playwright.config.ts: Playwright's --disable-features list was not found");
  return [...playwrights, "WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup"].join(",");
}

export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  // Root on a closed network: no sandbox, no background calls home (docs/product.md §13).
  args: [
    `--disable-features=${disabledFeatures()}`,
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/support/global-setup.ts",
  fullyParallel: true,
  // Four: the tests wait on the server and the browser more than they compute (docs/decisions/015-test-time-budget.md).
  workers: 4,
  retries: process.env.CI ? 1 : 0,
  // CI shares its machine: the same steps may take twice as long there. Generous limits only slow a
  // test that fails; a passing one finishes when its page is ready.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 15_000 : 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: "es-VE",
    // Users are in Venezuela; the server runs in UTC (webServer env TZ): dates must still agree.
    timezoneId: "America/Caracas",
    // As a person who asks for less motion: the landing's video stays still and nothing pulses, so an
    // open page costs no CPU between steps (a playing video kept Chromium busy for the whole test).
    // The video itself is tested with motion on (landing.spec.ts).
    reducedMotion: "reduce",
    // A trace records screenshots all along, which costs Chromium about half again its CPU: on CI only a
    // failed test's retry is traced (docs/decisions/015-test-time-budget.md).
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    {
      name: "desktop",
      testIgnore: /back-forward-cache\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions },
    },
    {
      // Playwright launches Chromium with --disable-back-forward-cache; phones restore pages on Back
      // from that cache (scripts do not run again), so these tests run with it on.
      name: "back-forward cache",
      testMatch: /back-forward-cache\.spec\.ts/,
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: { ...chromiumLaunchOptions, ignoreDefaultArgs: ["--disable-back-forward-cache"] },
      },
    },
  ],
  webServer: [
    {
      // Stand-in for the external player-ID checker (store checkout): the demo server of docs/id-checker.md.
      command: `node scripts/id-checker-demo.mjs --port ${ID_CHECKER_PORT} --key e2e-key --quiet`,
      url: `http://127.0.0.1:${ID_CHECKER_PORT}/health`,
      reuseExistingServer: false,
      timeout: 20_000,
    },
    ...Object.entries({
      binance: `node scripts/binance-pay-demo.mjs --port ${PAYMENT_DEMO_PORTS.binance} --api-key e2e-binance-key --secret e2e-binance-secret --quiet`,
      paypal: `node scripts/paypal-demo.mjs --port ${PAYMENT_DEMO_PORTS.paypal} --client-id e2e-paypal --client-secret e2e-paypal-secret --webhook-id E2E-WEBHOOK --quiet`,
      bank: `node scripts/bank-match-demo.mjs --port ${PAYMENT_DEMO_PORTS.bank} --key e2e-bank-key --quiet`,
      topup: `node scripts/topup-provider-demo.mjs --port ${PAYMENT_DEMO_PORTS.topup} --key e2e-topup-key --quiet`,
    }).map(([name, command]) => ({
      // Stand-ins for Binance Pay, PayPal, the bank's credit search and the top-up provider (#26).
      command,
      url: `http://127.0.0.1:${PAYMENT_DEMO_PORTS[name as keyof typeof PAYMENT_DEMO_PORTS]}/health`,
      reuseExistingServer: false,
      timeout: 20_000,
    })),
    {
      command: `node scripts/whatsapp-demo.mjs --port ${WHATSAPP_DEMO_PORT} --token e2e-wa-token --phone-number-id 100000000000042 --quiet`,
      url: `http://127.0.0.1:${WHATSAPP_DEMO_PORT}/health`,
      reuseExistingServer: false,
      timeout: 20_000,
    },
    {
      command: `node scripts/discord-demo.mjs --port ${DISCORD_DEMO_PORT} --token e2e-bot-token --quiet`,
      url: `http://127.0.0.1:${DISCORD_DEMO_PORT}/health`,
      reuseExistingServer: false,
      timeout: 20_000,
    },
    {
      command: `node scripts/twitch-demo.mjs --port ${TWITCH_DEMO_PORT} --client-id demo-client --token demo-token --quiet`,
      url: `http://127.0.0.1:${TWITCH_DEMO_PORT}/health`,
      reuseExistingServer: false,
      timeout: 20_000,
    },
    {
      // The app as a first start on a new machine: fresh data directory, demo seed.
      command: "node server.js",
      url: `http://127.0.0.1:${PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      // The server's log (mail notices, links) would drown the test report; failures show their own context.
      stdout: "ignore",
      env: {
        PORT: String(PORT),
        HOST: "127.0.0.1",
        DATA_DIR: process.env.E2E_DATA_DIR,
        NODE_ENV: "production",
        TZ: "UTC",
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        ID_CHECKER_URL: `http://127.0.0.1:${ID_CHECKER_PORT}`,
        ID_CHECKER_KEY: "e2e-key",
        ID_CHECKER_TIMEOUT_MS: "1500",
      },
    },
  ],
});
