import { spawnSync } from "node:child_process";
import type { Browser, Page } from "@playwright/test";
import { randomClientIp } from "./support/auth-fixtures";
import { expect, serverFixture, test as base, type AppServer } from "./support/server-fixture";
import { signInLink } from "./support/mailbox";
import { signInCookieByFetch } from "./support/sign-in-link";
import { pngReceipt } from "./support/receipt-files";

// A final watched live (docs/decisions/012-live-channel.md). A 16-team cup, started (scripts/bench-live-seed.ts), on a server of
// its own. Spectators' pages take the new bracket from the live stream without a reload, in Spanish
// and in English; a spectator whose server restarts reconnects and catches up.

interface Seeded {
  tournamentId: string;
  matches: { matchId: number; captain1: string; captain2: string }[];
}

const test = base.extend<{ arena: AppServer }>({
  arena: serverFixture({ prepare: ["scripts/bench-live-seed.ts"] }),
  baseURL: async ({ arena }, use) => use(arena.url),
});

// One worker runs these tests in order, on one server: another worker would only seed and start
// another copy of it (about a minute of a loaded machine's time each).
test.describe.configure({ mode: "default" });

async function spectator(browser: Browser, arena: AppServer, language: "es" | "en") {
  const context = await browser.newContext({
    baseURL: arena.url,
    locale: language === "es" ? "es-VE" : "en-US",
    extraHTTPHeaders: { "X-Forwarded-For": randomClientIp() },
  });
  await context.clock.install();
  if (language === "en") await context.addCookies([{ name: "lang", value: "en", url: arena.url }]);
  const page = await context.newPage();
  return page;
}

/** A captain signed in by e-mail link (the request and the confirmation as their pages post them). */
async function captain(browser: Browser, arena: AppServer, email: string) {
  const ip = randomClientIp();
  const askedAt = new Date();
  await fetch(`${arena.url}/auth`, {
    method: "POST",
    body: new URLSearchParams({ email }),
    headers: { Origin: arena.url, "X-Forwarded-For": ip },
  });
  const cookie = await signInCookieByFetch(await signInLink(email, { after: askedAt, dataDir: arena.dataDir }), { "X-Forwarded-For": ip });
  const context = await browser.newContext({ baseURL: arena.url, locale: "es-VE", extraHTTPHeaders: { "X-Forwarded-For": ip } });
  await context.clock.install();
  await context.addCookies(
    cookie.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: arena.url };
    }),
  );
  return context.newPage();
}

async function report(page: Page, tournamentId: string, matchId: number) {
  await page.goto(`/tournaments/${tournamentId}/matches/${matchId}`);
  await page.getByTestId("score1").fill("1");
  await page.getByTestId("score2").fill("0");
  await page.getByTestId("screenshot").setInputFiles(pngReceipt("final.png"));
  await page.getByTestId("report-submit").click();
  await expect(page.getByTestId("match-done")).toBeVisible();
}

/** Marks the page, so a reload (which would lose the mark) is told from an update in place. */
async function mark(page: Page) {
  await page.evaluate(() => ((window as unknown as { liveMark: number }).liveMark = 1));
}
async function stillMarked(page: Page) {
  return page.evaluate(() => (window as unknown as { liveMark?: number }).liveMark === 1);
}

test("two spectators, in Spanish and English, see a confirmed result without a reload (a first report shows them nothing)", async ({
  browser,
  arena,
}) => {
  test.setTimeout(180_000);
  const seeded = JSON.parse(arena.prepared) as Seeded;
  const match = seeded.matches[0]!;
  const bracket = `/tournaments/${seeded.tournamentId}/bracket`;

  const ana = await spectator(browser, arena, "es");
  const john = await spectator(browser, arena, "en");
  await ana.goto(bracket);
  await john.goto(bracket);
  await expect(ana.getByRole("heading", { level: 2, name: "Llave", exact: true })).toBeVisible();
  await expect(john.getByRole("heading", { level: 2, name: "Bracket", exact: true })).toBeVisible();
  for (const page of [ana, john]) {
    await expect(page.getByTestId(`bracket-match-${match.matchId}`)).toHaveAttribute("data-status", "ready");
    await mark(page);
  }

  const first = await captain(browser, arena, match.captain1);
  const second = await captain(browser, arena, match.captain2);
  await report(first, seeded.tournamentId, match.matchId);
  // Awaiting the opponent: the spectators' bracket is as it was.
  for (const page of [ana, john]) await expect(page.getByTestId(`bracket-match-${match.matchId}`)).toHaveAttribute("data-status", "ready");

  await report(second, seeded.tournamentId, match.matchId);
  for (const page of [ana, john]) {
    await expect(page.getByTestId(`bracket-match-${match.matchId}`)).toHaveAttribute("data-status", "completed", { timeout: 15_000 });
    expect(await stillMarked(page)).toBe(true);
  }
  // Each in their own language, and told so in the polite region.
  await expect(ana.getByRole("heading", { level: 2, name: "Llave", exact: true })).toBeVisible();
  await expect(john.getByRole("heading", { level: 2, name: "Bracket", exact: true })).toBeVisible();
  await expect(john.getByText("Bracket updated.")).toBeAttached();
});

test("a spectator whose server restarts reconnects and catches up on the result decided meanwhile", async ({ browser, arena }) => {
  test.setTimeout(300_000);
  const seeded = JSON.parse(arena.prepared) as Seeded;
  const match = seeded.matches[1]!;
  const page = await spectator(browser, arena, "es");
  await page.goto(`/tournaments/${seeded.tournamentId}/bracket`);
  const card = page.getByTestId(`bracket-match-${match.matchId}`);
  await expect(card).toHaveAttribute("data-status", "ready");
  await mark(page);

  // The server stops; while it is down the match is decided; it starts again.
  await arena.restart(() => {
    const decided = spawnSync(
      "npx",
      ["tsx", "tests/e2e/support/decide-match.ts", arena.dataDir, seeded.tournamentId, String(match.matchId)],
      {
        encoding: "utf8",
      },
    );
    if (decided.status !== 0) throw new Error(decided.stderr || decided.stdout);
  });
  // The page reconnects by itself (after its random delay) with the version it shows, and is brought up to date.
  await page.clock.runFor(10_000);
  await expect(card).toHaveAttribute("data-status", "completed", { timeout: 30_000 });
  expect(await stillMarked(page)).toBe(true);
});
