import { expect, serverFixture, signIn, signInOnce, test as base, type AppServer } from "./support/server-fixture";
import { waitForMail } from "./support/mailbox";
import { DESKTOP, noSidewaysScroll, personAt } from "./support/phone";
import { pngReceipt } from "./support/receipt-files";

// Running an event (docs/decisions/007-brackets.md) on a server of its own, seeded by seed-competition.ts: an 8-team cup
// whose six other teams already checked in, and a 4-team battle-royale league. People sign in through
// the real /auth page with the link from that server's mail.

const test = base.extend<{ arena: AppServer }>({
  arena: serverFixture({ prepare: ["tests/e2e/support/seed-competition.ts"] }),
  baseURL: async ({ arena }, use) => use(arena.url),
});

const CUP = "/tournaments/copa-e2e";

// One worker runs this file's tests in turn on one server: spread over the workers, each would seed and
// start its own (docs/decisions/015-test-time-budget.md).
test.describe.configure({ mode: "default" });

test("an 8-team cup from check-in to champion: two captains, a dispute and staff", async ({ browser, arena }) => {
  test.setTimeout(180_000);
  const alfa = await personAt(browser, arena, { viewport: DESKTOP });
  const bravo = await personAt(browser, arena, { viewport: DESKTOP });
  const staff = await personAt(browser, arena, { viewport: DESKTOP });
  const viewer = await personAt(browser, arena, { viewport: DESKTOP });

  // Check-in by the two captains (the other six did it already).
  for (const [page, email] of [
    [alfa, "alfa@example.com"],
    [bravo, "bravo@example.com"],
  ] as const) {
    await signIn(page, arena, email, `${CUP}/bracket`);
    await expect(page.getByTestId("check-in")).toContainText(/[67] de 8 equipos/);
    await page.getByTestId("check-in-button").click();
    await expect(page.getByTestId("checked-in")).toBeVisible();
  }

  // Staff seed by number (Alfa 1, Bravo 8: they meet first) and start.
  await signInOnce(staff, arena, "staff-comp@example.com", `/admin/tournaments/copa-e2e/run`, { language: "es" });
  await expect(staff.getByTestId("start-form")).toContainText("8 con check-in de 8");
  const seeds = { Alfa: 1, Charlie: 2, Delta: 3, Eco: 4, Fox: 5, Golf: 6, Hotel: 7, Bravo: 8 };
  for (const [team, seed] of Object.entries(seeds)) await staff.getByTestId(`seed-${team}`).fill(String(seed));
  await staff.getByTestId("start").click();
  await expect(staff.getByTestId("run-done")).toBeVisible();
  // Alfa's open bracket page updates live (server-sent events): the check-in gives way to the match notice.
  await expect(alfa.getByTestId("my-match-ready")).toBeVisible({ timeout: 15_000 });
  await expect(alfa.getByTestId("check-in")).toHaveCount(0);
  await waitForMail("alfa@example.com", { dataDir: arena.dataDir, subject: /Tu partida está lista/ });

  // The bracket, public and server-rendered: Alfa vs Bravo first.
  await viewer.goto(`${CUP}/bracket`);
  await expect(viewer.getByTestId("bracket-match-0")).toContainText("Alfa");
  await expect(viewer.getByTestId("bracket-match-0")).toContainText("Bravo");

  // Staff post the room; only the two teams (and staff) see it.
  await staff.goto(`${CUP}/matches/0`);
  await staff.getByTestId("room-id-input").fill("SALA-7781");
  await staff.getByTestId("room-password-input").fill("fuego");
  await staff.getByTestId("room-submit").click();
  await expect(staff.getByTestId("match-done")).toContainText("Sala publicada");
  await viewer.goto(`${CUP}/matches/0`);
  await expect(viewer.getByTestId("match-page")).toBeVisible();
  await expect(viewer.getByTestId("room")).toHaveCount(0);

  // Alfa finds the match from the page notice, sees the room and reports 1–0 with a screenshot.
  await alfa.goto(`${CUP}/bracket`);
  await alfa.getByTestId("my-match-ready").getByRole("link").click();
  await expect(alfa.getByTestId("room-id")).toHaveText("SALA-7781");
  await alfa.getByTestId("score1").fill("1");
  await alfa.getByTestId("score2").fill("0");
  await alfa.getByTestId("screenshot").setInputFiles(pngReceipt("resultado.png"));
  await alfa.getByTestId("report-submit").click();
  await expect(alfa.getByTestId("match-done")).toContainText("Reporte enviado");
  await waitForMail("bravo@example.com", { dataDir: arena.dataDir, subject: /Tu rival reportó/ });

  // Bravo disagrees: a dispute.
  await bravo.goto(`${CUP}/matches/0`);
  await expect(bravo.getByTestId("room-password")).toHaveText("fuego");
  await bravo.getByTestId("score1").fill("0");
  await bravo.getByTestId("score2").fill("1");
  await bravo.getByTestId("screenshot").setInputFiles(pngReceipt("captura.png"));
  await bravo.getByTestId("report-submit").click();
  await expect(bravo.getByTestId("match-done")).toContainText("no coinciden");
  await expect(bravo.getByTestId("match-state")).toContainText("En disputa");

  // Staff decide the dispute from their queue (audited) and both captains hear of it.
  await staff.goto(`/admin/tournaments/copa-e2e/run`);
  await staff.getByTestId("disputes").getByRole("link", { name: "Partida 1" }).click();
  await expect(staff.getByTestId("reports")).toContainText("Alfa reportó 1–0");
  await expect(staff.getByTestId("reports")).toContainText("Bravo reportó 0–1");
  await staff.getByTestId("staff-score1").fill("1");
  await staff.getByTestId("staff-score2").fill("0");
  await staff.getByTestId("staff-reason").fill("La captura de Alfa muestra la victoria");
  await staff.getByTestId("staff-result").click();
  await expect(staff.getByTestId("match-done")).toContainText("Resultado guardado");
  await waitForMail("bravo@example.com", { dataDir: arena.dataDir, subject: /El staff decidió/ });

  // A spectator keeps the bracket open; it updates live.
  await viewer.goto(`${CUP}/bracket`);
  await expect(viewer.getByTestId("champion")).toHaveCount(0);

  // Staff play out the other matches (Alfa wins its own); Alfa reports its semi-final first.
  for (let guard = 0; guard < 10; guard++) {
    await staff.goto(`${CUP}/bracket`);
    const ready = staff.locator('[data-status="ready"]');
    if ((await ready.count()) === 0) break;
    const id = (await ready.first().getAttribute("data-testid"))!.replace("bracket-match-", "");
    await staff.goto(`${CUP}/matches/${id}`);
    const alfaSecond = (await staff.getByTestId("side2").textContent())?.includes("Alfa");
    await staff.getByTestId("staff-score1").fill(alfaSecond ? "0" : "1");
    await staff.getByTestId("staff-score2").fill(alfaSecond ? "1" : "0");
    await staff.getByTestId("staff-result").click();
    await expect(staff.getByTestId("match-done")).toBeVisible();
  }

  await expect(viewer.getByTestId("champion")).toContainText("Alfa", { timeout: 15_000 });
  // The update was said politely to a screen reader (the bracket itself is not re-read whole).
  await expect(viewer.getByRole("status").filter({ hasText: "Cuadro actualizado." })).toHaveAttribute("aria-live", "polite");
  await expect(viewer.getByTestId("standings").locator("tbody tr").first()).toContainText("Alfa");

  // Readable without JavaScript, on a 360 px phone: only the bracket scrolls sideways, never the page.
  const plain = await personAt(browser, arena, { javaScriptEnabled: false });
  await plain.goto(`${CUP}/bracket`);
  await expect(plain.getByTestId("champion")).toContainText("Alfa");
  await expect(plain.getByTestId("bracket-match-6")).toContainText("Alfa");
  await noSidewaysScroll(plain);
  expect(await plain.getByTestId("bracket-scroll").evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);

  // The staff log has the decision with its reason.
  await staff.goto(`/admin/tournaments/copa-e2e/run`);
  await expect(staff.getByTestId("audit")).toContainText("La captura de Alfa muestra la victoria");
});

test("a 4-match battle-royale points table", async ({ browser, arena }) => {
  test.setTimeout(120_000);
  const staff = await personAt(browser, arena, { viewport: DESKTOP });
  await signInOnce(staff, arena, "staff-comp@example.com", `/admin/tournaments/br-e2e/run`, { language: "es" });
  // Before the start, with the deadline ahead, the tournament page takes registrations.
  await staff.goto("/tournament?id=br-e2e");
  await expect(staff.getByTestId("registration-form")).toBeVisible();
  await staff.goto("/admin/tournaments/br-e2e/run");
  await staff.getByTestId("seed-method").selectOption("random");
  await staff.getByTestId("start").click();
  await expect(staff.getByTestId("run-done")).toBeVisible();

  // placement, kills per team for four lobby matches (12, 9, 8, 7 points for 1st–4th; 1 per kill).
  const lobbies: Record<string, [number, number]>[] = [
    { Lobo: [1, 5], Puma: [2, 3], Toro: [3, 1], Oso: [4, 0] },
    { Lobo: [4, 0], Puma: [1, 6], Toro: [2, 2], Oso: [3, 1] },
    { Lobo: [2, 4], Puma: [3, 0], Toro: [1, 2], Oso: [4, 1] },
    { Lobo: [1, 3], Puma: [4, 2], Toro: [3, 0], Oso: [2, 2] },
  ];
  for (const [index, lobby] of lobbies.entries()) {
    // After each save the form moves on to the next match by itself.
    await expect(staff.getByTestId("lobby-match")).toHaveValue(String(index + 1));
    for (const [team, [placement, kills]] of Object.entries(lobby)) {
      await staff.getByTestId(`placement-${team}`).fill(String(placement));
      await staff.getByTestId(`kills-${team}`).fill(String(kills));
    }
    await staff.getByTestId("save-lobby").click();
    await expect(staff.getByTestId("run-done")).toContainText("Partida guardada");
  }

  // Prize distribution, recorded per team.
  await staff.getByTestId("prize-place-Lobo").fill("1");
  await staff.getByTestId("prize-amount-Lobo").fill("$60");
  await staff.getByTestId("prize-place-Puma").fill("2");
  await staff.getByTestId("prize-amount-Puma").fill("$40");
  await staff.getByTestId("save-prizes").click();
  await expect(staff.getByTestId("run-done")).toContainText("Premios guardados");

  const viewer = await personAt(browser, arena, { javaScriptEnabled: false, viewport: DESKTOP });
  await viewer.goto("/tournaments/br-e2e/bracket");
  // Lobo 12+5 + 7 + 9+4 + 12+3 = 52; Puma 9+3 + 12+6 + 8 + 7+2 = 47; Toro 8+1 + 9+2 + 12+2 + 8 = 42; Oso 7 + 8+1 + 7+1 + 9+2 = 35
  const rows = viewer.getByTestId("points-table").locator("tbody tr");
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText("Lobo");
  await expect(rows.nth(0).getByTestId("points-total")).toHaveText("52");
  await expect(rows.nth(1).getByTestId("points-total")).toHaveText("47");
  await expect(rows.nth(2).getByTestId("points-total")).toHaveText("42");
  await expect(rows.nth(3)).toContainText("Oso");
  await expect(rows.nth(3).getByTestId("points-total")).toHaveText("35");
  await expect(viewer.getByTestId("champion")).toContainText("Lobo");
  await expect(viewer.getByTestId("prizes")).toContainText("1.º Lobo: $60");
  await expect(viewer.getByTestId("prizes")).toContainText("2.º Puma: $40");

  // Started: registration is closed whatever the deadline says, and the page says why, in both languages (docs/reliability.md "Competition").
  await staff.goto("/tournament?id=br-e2e");
  await expect(staff.getByTestId("registration-form")).toHaveCount(0);
  await expect(staff.getByTestId("tournament-unavailable")).toHaveAttribute("data-state", "started");
  await expect(staff.getByTestId("tournament-unavailable")).toContainText("Las inscripciones cerraron: el torneo ya empezó");
  await expect(staff.getByTestId("closes-at")).toHaveText("Las inscripciones cerraron: el torneo ya empezó");
  await staff.goto("/tournament?id=br-e2e&lang=en");
  await expect(staff.getByTestId("registration-form")).toHaveCount(0);
  await expect(staff.getByTestId("tournament-unavailable")).toContainText("Registration is closed: the tournament has started");
});

test("a Free Fire battle royale at scale: 24 squads, two groups of 12, three rounds; teams report, staff confirm", async ({
  browser,
  arena,
}) => {
  test.setTimeout(240_000);
  const phone = { width: 360, height: 800 };
  const staff = await personAt(browser, arena, { viewport: phone });
  await signInOnce(staff, arena, "staff-comp@example.com", "/admin/tournaments/ff24-e2e/run", { language: "es" });
  // Format, start and check-in come from the tournament form; the run page only says how it is played.
  await expect(staff.getByTestId("run-plan")).toContainText("Battle royale");
  await expect(staff.getByTestId("points-preset")).toHaveValue("free_fire");
  await expect(staff.getByTestId("start-form")).toContainText("24 con check-in de 24");
  await staff.getByTestId("start").click();
  await expect(staff.getByTestId("run-done")).toBeVisible();

  // Seeds follow registration order (Escuadra 01 = seed 1); groups are filled snake-wise:
  // A = seeds 1, 4, 5, 8, 9, 12, 13, 16, 17, 20, 21, 24; B = 2, 3, 6, 7, 10, 11, 14, 15, 18, 19, 22, 23.
  const pad = (n: number) => `Escuadra ${String(n).padStart(2, "0")}`;
  const groups = [[1, 4, 5, 8, 9, 12, 13, 16, 17, 20, 21, 24].map(pad), [2, 3, 6, 7, 10, 11, 14, 15, 18, 19, 22, 23].map(pad)];
  // The team at position i of its group finishes ((i + round − 1) mod 12) + 1; group B teams make one kill a match, group A none.
  const result = (group: number, position: number, round: number) => ({ placement: ((position + round - 1) % 12) + 1, kills: group });

  // Two captains (one per group) report round 1 from their phones with a screenshot.
  for (const [group, team] of [
    [0, "escuadra-01"],
    [1, "escuadra-02"],
  ] as const) {
    const captain = await personAt(browser, arena, { viewport: phone });
    await signIn(captain, arena, `${team}@example.com`, "/tournaments/ff24-e2e/bracket");
    const form = captain.getByTestId("lobby-report-form");
    await expect(form).toContainText(group === 0 ? "Ronda 1 · Grupo A" : "Ronda 1 · Grupo B");
    await captain.getByTestId("lobby-report-placement").fill(String(result(group, 0, 1).placement));
    await captain.getByTestId("lobby-report-kills").fill(String(result(group, 0, 1).kills));
    await captain.getByTestId("lobby-report-screenshot").setInputFiles(pngReceipt("booyah.png"));
    await captain.getByTestId("lobby-report-submit").click();
    await expect(captain.getByTestId("lobby-report-done")).toBeVisible();
    await expect(captain.getByTestId("lobby-report-list")).toContainText(`reportaste 1.º y ${group} bajas`);
    await captain.context().close();
  }

  // Staff enter the six lobbies (round by round, group by group); the two reports are already filled in and confirmed by saving.
  await staff.reload();
  for (let round = 1; round <= 3; round++) {
    for (const [group, teams] of groups.entries()) {
      await expect(staff.getByTestId("lobby-match")).toHaveValue(String((round - 1) * 2 + group + 1));
      for (const [position, team] of teams.entries()) {
        const { placement, kills } = result(group, position, round);
        if (round === 1 && position === 0) {
          // Reported by the team: the form holds its numbers and links its screenshot.
          await expect(staff.getByTestId(`lobby-reported-${team}`)).toBeVisible();
          await expect(staff.getByTestId(`placement-${team}`)).toHaveValue(String(placement));
          await expect(staff.getByTestId(`kills-${team}`)).toHaveValue(String(kills));
          continue;
        }
        await staff.getByTestId(`placement-${team}`).fill(String(placement));
        await staff.getByTestId(`kills-${team}`).fill(String(kills));
      }
      await staff.getByTestId("save-lobby").click();
      await expect(staff.getByTestId("run-done")).toContainText("Partida guardada");
    }
  }

  // Hand-computed with Free Fire's table (12, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0; 1 per kill):
  //   position 0 plays 1st, 2nd, 3rd = 29; position 1: 2nd, 3rd, 4th = 24; position 2: 3rd, 4th, 5th = 21; position 11: 12th, 1st, 2nd = 21.
  //   Group B adds 3 kills = 3 points. So: Escuadra 02 (B0) 32; Escuadra 01 (A0) 29; Escuadra 03 (B1) 27;
  //   then three on 24: Escuadra 23 (B11, 3 kills, best 1st) before Escuadra 06 (B2, 3 kills, best 3rd) before Escuadra 04 (A1, 0 kills).
  const expected: [string, string][] = [
    ["Escuadra 02", "32"],
    ["Escuadra 01", "29"],
    ["Escuadra 03", "27"],
    ["Escuadra 23", "24"],
    ["Escuadra 06", "24"],
    ["Escuadra 04", "24"],
  ];
  // A visitor, signed out, on a phone and in English: the finished event's table and champion.
  const visitor = await personAt(browser, arena, { viewport: phone });
  await visitor.goto("/tournaments/ff24-e2e/bracket?lang=en");
  const rows = visitor.getByTestId("points-table").locator("tbody tr");
  await expect(rows).toHaveCount(24);
  for (const [index, [team, points]] of expected.entries()) {
    await expect(rows.nth(index).getByTestId("points-team")).toContainText(team);
    await expect(rows.nth(index).getByTestId("points-total")).toHaveText(points);
  }
  await expect(visitor.getByTestId("points-table")).toContainText("Group B");
  await expect(visitor.getByTestId("champion")).toContainText("Escuadra 02");
  // The points column stays on screen at 360 px: no sideways scroll.
  await noSidewaysScroll(visitor);
  const total = await rows.nth(0).getByTestId("points-total").boundingBox();
  expect(total!.x + total!.width).toBeLessThanOrEqual(360);
});
