import type { Page } from "@playwright/test";
import { PHONE, noSidewaysScroll, personAt } from "./support/phone";
import { expect, serverFixture, signIn, signInOnce, test as base, type AppServer } from "./support/server-fixture";

// Match times and walkovers (docs/product.md "Running an event: match times, reminders and walkovers") on phones: staff set a round's time on the run page, players read it
// in Caracas time, and a team that is late loses by walkover ("W.O." on the bracket). The server runs
// in UTC; the pages are written in the platform's zone (America/Caracas, UTC−4).

// The server and seed of competition.spec.ts (seed-competition.ts), shared with it: these tests use
// their own two cups (horarios-e2e, times-en-e2e) and captains.
const test = base.extend<{ arena: AppServer }>({
  arena: serverFixture({ prepare: ["tests/e2e/support/seed-competition.ts"] }),
  baseURL: async ({ arena }, use) => use(arena.url),
});

// One worker runs these in order, on one server: another worker would only seed and start a copy of it.
test.describe.configure({ mode: "default" });

const TALL_PHONE = { ...PHONE, height: 800 };

/** Two hours ago, as a person in Caracas types it in a date-time field, and as they read it back ("4:05"). */
function twoHoursAgoInCaracas() {
  const at = new Date(Math.floor((Date.now() - 2 * 3_600_000) / 60_000) * 60_000);
  const local = new Date(at.getTime() - 4 * 3_600_000); // Caracas is UTC−4 all year
  const typed = local.toISOString().slice(0, 16);
  const hours = local.getUTCHours();
  const read = `${hours % 12 === 0 ? 12 : hours % 12}:${String(local.getUTCMinutes()).padStart(2, "0")}`;
  return { typed, read, pm: hours >= 12 };
}

async function startWithTime(staff: Page, arena: AppServer, id: string, typed: string) {
  // Once per server: staff sign in here and in competition.spec.ts, more often than the per-address link limit allows.
  await signInOnce(staff, arena, "staff-comp@example.com", `/admin/tournaments/${id}/run`, { language: "es" });
  await staff.getByTestId("start").click();
  await expect(staff.getByTestId("run-done")).toBeVisible();
  // The first round (the semi-finals) is round id 0.
  const form = staff.getByTestId("round-times-form");
  await expect(form).toBeVisible();
  await form.getByTestId("round-time-0").fill(typed);
  await staff.getByTestId("save-round-times").click();
  await expect(staff.getByTestId("run-done")).toBeVisible();
  await expect(staff.getByTestId("round-time-0")).toHaveValue(typed);
  await noSidewaysScroll(staff);
}

test("staff set a round's time, the captain reads it in Caracas time, and a late team loses by W.O.", async ({ browser, arena }) => {
  test.setTimeout(150_000);
  const time = twoHoursAgoInCaracas();
  const staff = await personAt(browser, arena, { viewport: TALL_PHONE });
  await startWithTime(staff, arena, "horarios-e2e", time.typed);

  // Norte (seed 1) plays Oeste or Sur in a semi-final: its captain finds the time on the bracket and the match page.
  const norte = await personAt(browser, arena, { viewport: TALL_PHONE });
  await signIn(norte, arena, "norte@example.com", "/tournaments/horarios-e2e/bracket");
  const roundTime = norte.getByTestId("round-time-0");
  await expect(roundTime).toContainText(time.read);
  await expect(roundTime).toContainText(time.pm ? "p. m." : "a. m.");
  await noSidewaysScroll(norte);
  await norte.getByTestId("my-match-ready").getByRole("link").first().click();
  await expect(norte.getByTestId("match-time")).toContainText(time.read);
  await noSidewaysScroll(norte);
  const matchUrl = new URL(norte.url()).pathname;

  // The time has passed and the other team is not there: staff give the walkover to Norte.
  await staff.goto(matchUrl);
  const walkover = staff.getByTestId("walkover-form");
  await expect(walkover).toBeVisible();
  await walkover.getByLabel("Norte").check();
  await walkover.getByTestId("walkover-reason").fill("El rival no llegó a la hora");
  await walkover.getByTestId("walkover-submit").click();
  await expect(staff.getByTestId("match-done")).toContainText("W.O.");
  await expect(staff.getByTestId("match-state")).toHaveText("Decidida por W.O.");
  await noSidewaysScroll(staff);

  // On the bracket the match reads "W.O." beside Norte, and Norte waits in the final.
  await norte.goto("/tournaments/horarios-e2e/bracket");
  const decided = norte.locator('[data-testid^="bracket-match-"]', { hasText: "W.O." });
  await expect(decided).toHaveCount(1);
  await expect(decided).toContainText("Norte");
  await expect(norte.locator('[data-testid="bracket-match-2"]')).toContainText("Norte");

  // The run page's log says who gave it.
  await staff.goto("/admin/tournaments/horarios-e2e/run");
  await expect(staff.getByTestId("audit")).toContainText("dio W.O.");
});

test("in English, a captain reads the round time in Caracas time on a phone", async ({ browser, arena }) => {
  test.setTimeout(120_000);
  const time = twoHoursAgoInCaracas();
  const staff = await personAt(browser, arena, { viewport: TALL_PHONE });
  await startWithTime(staff, arena, "times-en-e2e", time.typed);

  const north = await personAt(browser, arena, { locale: "en-US", viewport: TALL_PHONE });
  await signIn(north, arena, "north@example.com", "/tournaments/times-en-e2e/bracket");
  await north.goto("/tournaments/times-en-e2e/bracket?lang=en");
  const roundTime = north.getByTestId("round-time-0");
  await expect(roundTime).toContainText(time.read);
  await expect(roundTime).toContainText(time.pm ? "PM" : "AM");
  await north.getByTestId("my-match-ready").getByRole("link").first().click();
  await expect(north.getByTestId("match-time")).toContainText(`Time: `);
  await expect(north.getByTestId("match-time")).toContainText(time.read);
  await noSidewaysScroll(north);
});
