import { expect, serverFixture, signIn, test as base, type AppServer } from "./support/server-fixture";
import { waitForMail } from "./support/mailbox";
import { DESKTOP, noSidewaysScroll, personAt } from "./support/phone";

// Money out (docs/decisions/014-wallet-ledger.md) on a server of its own, seeded by seed-wallet.ts: an 8-team cup with a $100 prize
// table is played to the end by staff, the prizes are paid to the placed captains' wallets, a
// non-Plus captain withdraws by Pago Móvil (Spanish, phone width), a Plus captain by Binance at 0 %
// (English), staff pay both recording references, and the ledger export balances.

const test = base.extend<{ arena: AppServer }>({
  arena: serverFixture({ prepare: ["tests/e2e/support/seed-wallet.ts"] }),
  baseURL: async ({ arena }, use) => use(arena.url),
});

const CUP = "/tournaments/copa-wallet";
const RUN = "/admin/tournaments/copa-wallet/run";
const TEAMS = ["Alfa", "Bravo", "Charlie", "Delta", "Eco", "Fox", "Golf", "Hotel"];

test("a cup's prizes reach the winners' wallets, two withdrawals are paid and the ledger balances", async ({ browser, arena }) => {
  test.setTimeout(480_000);
  const staff = await personAt(browser, arena, { viewport: DESKTOP });
  await signIn(staff, arena, "staff-wallet@example.com", RUN);

  // Staff seed (Alfa first) and start, then play every match: the first side always wins.
  for (const [index, team] of TEAMS.entries()) await staff.getByTestId(`seed-${team}`).fill(String(index + 1));
  await staff.getByTestId("start").click();
  await expect(staff.getByTestId("run-done")).toBeVisible();
  for (let guard = 0; guard < 10; guard++) {
    await staff.goto(`${CUP}/bracket`);
    const ready = staff.locator('[data-status="ready"]');
    if ((await ready.count()) === 0) break;
    const id = (await ready.first().getAttribute("data-testid"))!.replace("bracket-match-", "");
    await staff.goto(`${CUP}/matches/${id}`);
    await staff.getByTestId("staff-score1").fill("1");
    await staff.getByTestId("staff-score2").fill("0");
    await staff.getByTestId("staff-result").click();
    await expect(staff.getByTestId("match-done")).toBeVisible();
  }
  await staff.goto(`${CUP}/bracket`);
  await expect(staff.getByTestId("champion")).toContainText("Alfa");
  const rows = await staff.getByTestId("standings").locator("tbody tr").allTextContents();
  const placed = rows.map((row) => TEAMS.find((team) => row.includes(team))!).slice(0, 3);
  expect(placed[0]).toBe("Alfa");
  const second = placed[1]!;

  // The prize table of the $100 pool (50/30/20), then "Pagar premios".
  await staff.goto(RUN);
  const amounts = ["$50", "$30", "$20"];
  for (const [index, team] of placed.entries()) {
    await staff.getByTestId(`prize-place-${team}`).fill(String(index + 1));
    await staff.getByTestId(`prize-amount-${team}`).fill(amounts[index]!);
  }
  await staff.getByTestId("save-prizes").click();
  await expect(staff.getByTestId("run-done")).toContainText("Premios guardados");
  await expect(staff.getByTestId("prize-payouts")).toContainText("$50,00");
  await staff.getByTestId("pay-prizes").click();
  await expect(staff.getByTestId("run-done")).toContainText("Premios pagados");
  await expect(staff.getByTestId("prize-payouts-done")).toContainText("Capitán Alfa");
  for (const team of placed) await waitForMail(`${team.toLowerCase()}-wallet@example.com`, { dataDir: arena.dataDir, subject: /premio/i });

  // Alfa (not Plus), in Spanish on a phone: the prize, then a Pago Móvil withdrawal with the fee shown first.
  const alfa = await personAt(browser, arena);
  await signIn(alfa, arena, "alfa-wallet@example.com", "/wallet");
  await expect(alfa.getByTestId("available-USD")).toContainText("50,00");
  await expect(alfa.getByTestId("wallet-history")).toContainText("Premio del torneo Copa Premios E2E");
  await noSidewaysScroll(alfa);
  await alfa.getByTestId("withdraw-method-pago_movil").click();
  await alfa.getByTestId("withdraw-currency").selectOption("USD");
  await alfa.getByTestId("withdraw-amount").fill("50");
  await alfa.getByTestId("withdraw-bank").selectOption("0134");
  await alfa.getByTestId("withdraw-phone").fill("04141234567");
  await alfa.getByTestId("withdraw-id-number").fill("V12345678");
  await alfa.getByTestId("withdraw-quote").click();
  // The prize is in dollars: the withdrawal is in dollars too, paid in Bs at the day's rate, and the page says so.
  await expect(alfa.getByTestId("quote-fee")).toContainText("2,50");
  await expect(alfa.getByTestId("quote-net")).toContainText("47,50");
  await expect(alfa.getByTestId("quote-conversion")).toContainText("40");
  await noSidewaysScroll(alfa);
  await alfa.getByTestId("withdraw-confirm-submit").click();
  await expect(alfa.getByTestId("withdrawal-requested")).toBeVisible();
  await expect(alfa.getByTestId("available-USD")).toContainText("0,00");
  await expect(alfa.getByTestId("pending-USD")).toContainText("50,00");

  // The runner-up (Plus), in English: Binance at 0 %.
  const plus = await personAt(browser, arena);
  const plusEmail = `${second.toLowerCase()}-wallet@example.com`;
  await signIn(plus, arena, plusEmail, "/wallet");
  await plus.goto("/wallet?lang=en");
  await expect(plus.getByTestId("available-USD")).toContainText("30.00");
  await plus.getByTestId("withdraw-method-binance").click();
  await plus.getByTestId("withdraw-currency").selectOption("USD");
  await plus.getByTestId("withdraw-amount").fill("30");
  await plus.getByTestId("withdraw-pay-id").fill("123456789");
  await plus.getByTestId("withdraw-quote").click();
  await expect(plus.getByTestId("quote-fee")).toContainText("$0.00");
  await expect(plus.getByTestId("quote-fee")).toContainText("Plus");
  await expect(plus.getByTestId("quote-net")).toContainText("30.00");
  await plus.getByTestId("withdraw-confirm-submit").click();
  await expect(plus.getByTestId("withdrawal-requested")).toContainText("received");
  await noSidewaysScroll(plus);

  // Staff pay both outside and record the references.
  await staff.goto("/admin/wallet");
  await expect(staff.getByTestId("payout-queue").locator("li")).toHaveCount(2);
  await expect(staff.getByTestId("payout-1")).toContainText("0134 · 04141234567 · V12345678");
  await staff.getByTestId("payout-1").getByTestId("payout-reference").fill("PM-000123");
  await staff.getByTestId("payout-1").getByTestId("payout-paid").click();
  await expect(staff.getByTestId("admin-done")).toBeVisible();
  await expect(staff.getByTestId("payout-2")).toContainText("Pay ID 123456789");
  await staff.getByTestId("payout-2").getByTestId("payout-reference").fill("BIN-987654");
  await staff.getByTestId("payout-2").getByTestId("payout-paid").click();
  await expect(staff.getByTestId("payout-queue").locator("li")).toHaveCount(0);
  await waitForMail("alfa-wallet@example.com", { dataDir: arena.dataDir, subject: /Retiro #1 pagado/ });
  // Switching to English saved the language on the account: that player's mails are in English.
  await waitForMail(plusEmail, { dataDir: arena.dataDir, subject: /Withdrawal #2 paid/ });

  await alfa.reload();
  await expect(alfa.getByTestId("withdrawal-1")).toContainText("Pagado");
  await expect(alfa.getByTestId("withdrawal-1")).toContainText("PM-000123");

  // The ledger of the period balances: every currency's entries total zero.
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const csv = await staff.request.get(`/admin/wallet/ledger.csv?from=${day(-1)}&to=${day(1)}`);
  expect(csv.status()).toBe(200);
  const text = await csv.text();
  expect(text).toContain("premio");
  expect(text).toContain("retiro pagado");
  const totals = text.split(/\r?\n/).filter((line) => line.startsWith("TOTAL"));
  expect(totals).toHaveLength(1);
  expect(totals[0]).toMatch(/^TOTAL,+USD,"?0,00"?$/);
});
