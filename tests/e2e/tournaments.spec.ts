import type { Page } from "@playwright/test";
import { AuthPage, ProfilePage, TopBar } from "./pages/auth-pages";
import { LandingPage } from "./pages/landing-page";
import { TournamentPage } from "./pages/tournament-page";
import { expectMovesOnAfter } from "./support/clock";
import { expect, signUp, test, uniqueEmail } from "./support/auth-fixtures";
import { signInLink, waitForMail } from "./support/mailbox";
import { followSignInLink } from "./support/sign-in-link";
import { PHONE, noSidewaysScroll } from "./support/phone";

// Every test signs up its own person and uses its own team names and in-game names (a random tag),
// because all tests share one server and database and run in parallel. Only the first test
// registers for the free Copa Free Fire, so its places-left count is not moved by the others.

// Each test signs up through the mail first and some fill long forms many times: more room than 30 s
// when the machine is busy with another run.
test.describe.configure({ timeout: 60_000 });

const TITLES = {
  free: "Copa Free Fire Solo",
  duo: "Blood Strike Duo Clash",
  squad: "Liga Mobile Legends 5v5",
  efootball: "eFootball Masters",
} as const;

function tag(): string {
  return Math.random().toString(36).slice(2, 8);
}

/** A new user signs up through the e-mail link, completes the profile and ends on the landing page. */
async function signInAsNewUser(page: Page, prefix: string, fullname: string, language: "es" | "en" = "es"): Promise<string> {
  const email = uniqueEmail(prefix);
  await signUp(page, email, { fullname });
  const landing = new LandingPage(page);
  await landing.open(language === "en" ? "/?lang=en" : "/");
  await new TopBar(page).expectSignedInAs(language === "en" ? `Hi, ${fullname}` : `Hola, ${fullname}`);
  return email;
}

/** Clicks the register button of the landing card with this title. */
async function chooseOnLanding(page: Page, title: string, button: "Inscribirse" | "Register" = "Inscribirse") {
  const card = new LandingPage(page).cards.filter({
    has: page.getByRole("heading", { name: title, exact: true }),
  });
  await expect(card).toHaveCount(1);
  await card.getByRole("link", { name: button, exact: true }).click();
}

test.describe("registering from a landing card", () => {
  test("solo and free: confirmed at once, a mail, the player stays on the page with their place, one place less", async ({ page }) => {
    const t = tag();
    const email = await signInAsNewUser(page, "solo", `Sofía Solo ${t}`);
    const tournament = new TournamentPage(page);

    await chooseOnLanding(page, TITLES.free);
    await expect(page).toHaveURL((url) => url.pathname === "/tournament" && url.search === "?id=copa-free-fire-solo&participants=48");
    await expect(tournament.title).toHaveText(TITLES.free);
    await expect(tournament.fee).toHaveText("Gratis");
    await expect(tournament.placesLeft).toHaveText(/^Quedan \d+ cupos$/);
    await expect(tournament.closesAt).toHaveText(/^Inscripciones hasta el .+/);
    const placesBefore = await tournament.placesLeftCount();
    expect(placesBefore).toBeLessThanOrEqual(48);

    // Solo: one player, no team name, no player phone, no coach for a team, no payment.
    await expect(tournament.form).toBeVisible();
    await expect(tournament.playerFieldsets).toHaveCount(1);
    await expect(tournament.player(1).legend).toHaveText("Jugador 1");
    await expect(tournament.teamName).toHaveCount(0);
    await expect(tournament.coachName).toHaveCount(0);
    await expect(tournament.player(1).phone).toHaveCount(0);
    await expect(tournament.methods).toHaveCount(0);
    await expect(tournament.submit).toHaveText("Inscribirme gratis");

    const ign = `SofiaFF_${t}`;
    const sentAt = new Date();
    await tournament.register({
      players: [{ name: "Sofía Solo", ign }],
      phone: "04141234567",
    });
    await expect(tournament.confirmed).toHaveText("¡Listo! Tu inscripción está confirmada. Te enviamos un correo.");
    await expect(tournament.error).toHaveCount(0);
    await expect(tournament.form).toHaveCount(0);
    // The player stays on the tournament's page, their place shown under the confirmation.
    await expect(tournament.registrationStatus).toBeVisible();
    await page.goto("/");

    const mail = await waitForMail(email, {
      subject: /Inscripción confirmada/,
      after: sentAt,
    });
    expect(mail.subject).toBe(`Inscripción confirmada · ${TITLES.free}`);
    expect(mail.links.some((link) => link.endsWith("/tournament?id=copa-free-fire-solo"))).toBe(true);

    // Back on the tournament's page: the registration instead of the form, and one place less.
    await chooseOnLanding(page, TITLES.free);
    await expect(tournament.registration).toBeVisible();
    await expect(tournament.registration.getByRole("heading")).toHaveText("Ya estás inscrito");
    await expect(tournament.registrationStatus).toHaveText("Confirmada");
    await expect(tournament.registration.getByRole("listitem")).toHaveText([`Sofía Solo · ${ign}`]);
    await expect(tournament.form).toHaveCount(0);
    expect(await tournament.placesLeftCount()).toBe(placesBefore - 1);

    // And in "Mis inscripciones"; a free registration makes no order.
    await page.goto("/orders");
    await expect(page.getByRole("heading", { name: "Mis inscripciones" })).toBeVisible();
    const mine = page.getByTestId("my-registrations").getByRole("listitem");
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText(TITLES.free);
    await expect(mine).toContainText("Confirmada");
    await expect(page.getByTestId("order-row")).toHaveCount(0);
    await mine.getByRole("link", { name: new RegExp(TITLES.free) }).click();
    await expect(page).toHaveURL(/\/tournament\?id=copa-free-fire-solo$/);
    await expect(tournament.registrationStatus).toHaveText("Confirmada");
  });

  test("a duo paid by Pago Móvil: order in bolívares at the day's rate, then the payment page", async ({ page }) => {
    const t = tag();
    await signInAsNewUser(page, "duo", `Diego Duo ${t}`);
    const tournament = new TournamentPage(page);

    await chooseOnLanding(page, TITLES.duo);
    await expect(page).toHaveURL((url) => url.pathname === "/tournament" && url.search === "?id=blood-strike-duo-clash&participants=32");
    await expect(tournament.title).toHaveText(TITLES.duo);
    await expect(tournament.fee).toHaveText("$2,00");
    await expect(tournament.placesLeft).toHaveText(/^Quedan \d+ cupos$/);
    await expect(tournament.root).toContainText("Equipos de 2");

    await expect(tournament.teamName).toBeVisible();
    await expect(tournament.coachName).toBeVisible();
    await expect(tournament.playerFieldsets).toHaveCount(2);
    await expect(tournament.player(1).legend).toHaveText("Jugador 1 (capitán)");
    await expect(tournament.player(2).legend).toHaveText("Jugador 2");
    await expect(tournament.player(1).phone).toBeVisible();
    await expect(tournament.player(2).phone).toBeVisible();
    // Each method with its price: bolívares at the demo rate 245.50 for Pago Móvil, dollars otherwise.
    await expect(tournament.methods).toHaveCount(3);
    await expect(tournament.methodPrice("Pago Móvil")).toHaveText("Bs. 491,00");
    await expect(tournament.methodPrice("Binance")).toHaveText("$2,00");
    await expect(tournament.methodPrice("PayPal")).toHaveText("$2,00");
    await expect(tournament.submit).toHaveText("Inscribirme y pagar");

    const team = `Los Duros ${t}`;
    await tournament.register({
      teamName: team,
      players: [
        { name: "Diego Duo", ign: `DiegoBS_${t}`, phone: "04141112233" },
        { name: "Daniela Duo", ign: `DaniBS_${t}` },
      ],
      phone: "04241234567",
      method: "Pago Móvil",
    });

    await expect(tournament.started).toBeVisible();
    await expect(tournament.started).toContainText("Registro iniciado");
    await expect(tournament.started).toContainText("Tu cupo queda reservado mientras pagas.");
    await expect(tournament.started).toContainText(/Pedido#\d+/);
    await expect(tournament.orderTotal).toHaveText("Bs. 491,00");
    await expect(tournament.started).toContainText("Método de pagoPago Móvil");
    await expect(tournament.started).toContainText("Teléfono04241234567");
    await expect(tournament.form).toHaveCount(0);
    const orderNumber = (await tournament.started.locator("dd").first().textContent())!;

    await expect(tournament.continueToPayment).toHaveText("Continuar al pago");
    await tournament.continueToPayment.click();
    await expect(page).toHaveURL(/\/orders\/[^/]+\/pay\/pago_movil$/);
    const pay = page.getByTestId("pay-page");
    await expect(pay).toHaveAttribute("data-method", "pago_movil");
    await expect(pay.getByRole("heading", { level: 1 })).toHaveText("Pagar con Pago Móvil");
    await expect(pay).toContainText(`Pedido ${orderNumber}`);
    await expect(page.getByTestId("pay-amount")).toHaveText("Bs. 491,00");

    // The place is held: the tournament page now shows the registration, awaiting payment.
    await page.goto("/");
    await chooseOnLanding(page, TITLES.duo);
    await expect(tournament.registrationStatus).toHaveText("Pendiente de pago");
    await expect(tournament.registration).toContainText(`Equipo: ${team}`);
    await expect(tournament.registration.getByRole("link", { name: /Ver mi pedido/ })).toBeVisible();
  });

  test("a squad of five paid by Binance, in English", async ({ page }) => {
    const t = tag();
    await signInAsNewUser(page, "squad", `Mia Squad ${t}`, "en");
    const tournament = new TournamentPage(page);

    await chooseOnLanding(page, TITLES.squad, "Register");
    await expect(page).toHaveURL((url) => url.pathname === "/tournament" && url.search === "?id=liga-mobile-legends-5v5&participants=16");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(tournament.title).toHaveText(TITLES.squad);
    await expect(tournament.fee).toHaveText("$5.00");
    await expect(tournament.placesLeft).toHaveText(/^\d+ places? left$/);
    await expect(tournament.closesAt).toHaveText(/^Registration until .+/);
    await expect(tournament.root).toContainText("Teams of 5");
    await expect(tournament.playerFieldsets).toHaveCount(5);
    await expect(tournament.player(1).legend).toHaveText("Player 1 (captain)");
    await expect(tournament.player(5).legend).toHaveText("Player 5");
    await expect(tournament.coachName).toBeVisible();
    await expect(tournament.methodPrice("Binance")).toHaveText("$5.00");
    await expect(tournament.methodPrice("Pago Móvil")).toHaveText("Bs. 1,227.50");
    await expect(tournament.submit).toHaveText("Register and pay");

    await tournament.register({
      teamName: `Moonton Five ${t}`,
      coachName: "Carlos Coach",
      players: [
        { name: "Mia Squad", ign: `MiaML_${t}`, phone: "584141234567" },
        { name: "Leo Two", ign: `LeoML_${t}` },
        { name: "Ana Three", ign: `AnaML_${t}`, phone: "5551234" },
        { name: "Tom Four", ign: `TomML_${t}` },
        { name: "Eva Five", ign: `EvaML_${t}` },
      ],
      phone: "584249876543",
      method: "Binance",
    });

    await expect(tournament.started).toContainText("Registration started");
    await expect(tournament.started).toContainText("Your place is held while you pay.");
    await expect(tournament.orderTotal).toHaveText("$5.00");
    await expect(tournament.started).toContainText("Payment methodBinance");
    // 58 and a Venezuelan mobile are stored as the national number (normalizePhone).
    await expect(tournament.started).toContainText("Phone04249876543");
    await expect(tournament.continueToPayment).toHaveText("Continue to payment");
    await tournament.continueToPayment.click();

    await expect(page).toHaveURL(/\/orders\/[^/]+\/pay\/binance$/);
    const pay = page.getByTestId("pay-page");
    await expect(pay).toHaveAttribute("data-method", "binance");
    await expect(pay.getByRole("heading", { level: 1 })).toHaveText("Pay with Binance");
    await expect(page.getByTestId("pay-amount")).toHaveText("$5.00");
  });

  test("eFootball: solo form without a coach field, paid by PayPal", async ({ page }) => {
    const t = tag();
    await signInAsNewUser(page, "efoot", `Pablo Pes ${t}`);
    const tournament = new TournamentPage(page);

    await chooseOnLanding(page, TITLES.efootball);
    await expect(page).toHaveURL((url) => url.pathname === "/tournament" && url.search === "?id=efootball-masters&participants=64");
    await expect(tournament.title).toHaveText(TITLES.efootball);
    await expect(tournament.fee).toHaveText("$1,00");
    await expect(tournament.root).toContainText("Individual");
    await expect(tournament.form).toBeVisible();
    await expect(tournament.coachName).toHaveCount(0);
    await expect(tournament.teamName).toHaveCount(0);
    await expect(tournament.playerFieldsets).toHaveCount(1);
    await expect(tournament.player(1).legend).toHaveText("Jugador 1");
    await expect(tournament.player(1).phone).toHaveCount(0);
    await expect(tournament.methodPrice("PayPal")).toHaveText("$1,00");
    await expect(tournament.methodPrice("Pago Móvil")).toHaveText("Bs. 245,50");

    await tournament.register({
      players: [{ name: "Pablo Pes", ign: `PabloEF_${t}` }],
      phone: "04161234567",
      method: "PayPal",
    });
    await expect(tournament.started).toContainText("Registro iniciado");
    await expect(tournament.orderTotal).toHaveText("$1,00");
    await expect(tournament.started).toContainText("Método de pagoPayPal");
    await tournament.continueToPayment.click();

    await expect(page).toHaveURL(/\/orders\/[^/]+\/pay\/paypal$/);
    const pay = page.getByTestId("pay-page");
    await expect(pay).toHaveAttribute("data-method", "paypal");
    await expect(pay.getByRole("heading", { level: 1 })).toHaveText("Pagar con PayPal");
    await expect(page.getByTestId("pay-amount")).toHaveText("$1,00");

    // The order is in "Mis pedidos" and the registration in "Mis inscripciones".
    await page.goto("/orders");
    await expect(page.getByTestId("order-row")).toHaveCount(1);
    await expect(page.getByTestId("order-row")).toContainText("$1,00");
    await expect(page.getByTestId("order-row")).toContainText("PayPal");
    const mine = page.getByTestId("my-registrations").getByRole("listitem");
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText(TITLES.efootball);
    await expect(mine).toContainText("Pendiente de pago");
  });
});

test.describe("a visitor", () => {
  test("is sent to sign in, and a new user comes back to the chosen tournament after the profile", async ({ page }) => {
    const email = uniqueEmail("visitor");
    const landing = new LandingPage(page);
    await landing.open("/");
    await new TopBar(page).expectVisitor();

    await chooseOnLanding(page, TITLES.duo);
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Ftournament%3Fid%3Dblood-strike-duo-clash%26participants%3D32$/);
    const auth = new AuthPage(page);
    await expect(page.getByTestId("auth-page")).toBeVisible();
    const askedAt = new Date();
    await auth.requestLink(email);
    await expect(auth.linkSent).toContainText(email);
    await followSignInLink(page, await signInLink(email, { after: askedAt }));

    // A new account completes its profile first; the profile form remembers where the user was going.
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === "/auth/profile" &&
        url.searchParams.get("email") === email &&
        url.searchParams.get("redirectTo") === "/tournament?id=blood-strike-duo-clash&participants=32",
    );
    const profile = new ProfilePage(page);
    await profile.save({ fullname: "Valentina Visitante", age: 19 });
    await expect(profile.saved).toBeVisible();

    // After the saved message the page goes on to the tournament, signed in, with its form.
    await expectMovesOnAfter(
      page,
      4_000,
      (url) => url.pathname === "/tournament" && url.search === "?id=blood-strike-duo-clash&participants=32",
    );
    const tournament = new TournamentPage(page);
    await expect(tournament.title).toHaveText(TITLES.duo);
    await expect(tournament.form).toBeVisible();
    await expect(tournament.teamName).toBeVisible();
    await expect(tournament.playerFieldsets).toHaveCount(2);
    await new TopBar(page).expectSignedInAs("Hola, Valentina Visitante");
  });
});

test.describe("a visitor on a tournament's page (issues #24, #25)", () => {
  test.use({ viewport: PHONE });

  /**
   * A visitor opens the address directly: the page, not the sign-in form. Where a player has the form,
   * the way to sign in; it comes back here, and the new account's form is there.
   */
  async function visitSignInAndComeBack(page: Page, language: "es" | "en") {
    const es = language === "es";
    const path = "/tournament?id=liga-mobile-legends-5v5&participants=16";
    // `?lang=en` is the language switch: it remembers English and comes back to the same address.
    const response = await page.goto(es ? path : `${path}&lang=en`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL((url) => url.pathname === "/tournament" && url.search === "?id=liga-mobile-legends-5v5&participants=16");
    // The page's own answer sets no cookie (the language switch's redirect before it set `lang`).
    expect(await response!.headerValue("set-cookie")).toBeNull();
    const tournament = new TournamentPage(page);
    await expect(tournament.title).toHaveText(TITLES.squad);
    await expect(tournament.prize).toHaveText("$500");
    await expect(tournament.date).toHaveText(/20\d\d/);
    await expect(tournament.fee).toHaveText(es ? "$5,00" : "$5.00");
    await new TopBar(page).expectVisitor();
    await expect(tournament.form).toHaveCount(0);
    await noSidewaysScroll(page);

    const signIn = page.getByRole("link", { name: es ? "Inicia sesión para inscribirte" : "Sign in to register", exact: true });
    await expect(signIn).toHaveAttribute("href", "/auth?redirectTo=%2Ftournament%3Fid%3Dliga-mobile-legends-5v5%26participants%3D16");
    await signIn.click();
    await expect(page.getByTestId("auth-page")).toBeVisible();

    const email = uniqueEmail(es ? "visita" : "visitor");
    const askedAt = new Date();
    await new AuthPage(page).requestLink(email);
    await followSignInLink(page, await signInLink(email, { after: askedAt }));
    // A new account completes its profile first, then goes on to the tournament, signed in, with its form.
    await expect(page).toHaveURL((url) => url.pathname === "/auth/profile");
    const profile = new ProfilePage(page);
    await profile.save({ fullname: es ? "Vera Visitante" : "Vera Visitor", age: 21 });
    await expect(profile.saved).toBeVisible();
    await expectMovesOnAfter(
      page,
      4_000,
      (url) => url.pathname === "/tournament" && url.search === "?id=liga-mobile-legends-5v5&participants=16",
    );
    await expect(tournament.title).toHaveText(TITLES.squad);
    await expect(tournament.form).toBeVisible();
    await expect(tournament.playerFieldsets).toHaveCount(5);
    await expect(page.getByTestId("sign-in-to-register")).toHaveCount(0);
    // At 360 px the sign-out button sits in the folded menu: the greeting says who is signed in.
    await expect(new TopBar(page).greeting).toHaveText(es ? "Hola, Vera Visitante" : "Hi, Vera Visitor");
    await noSidewaysScroll(page);
  }

  test("reads the page signed out, signs in from it and comes back to the form, in Spanish", async ({ page }) => {
    await visitSignInAndComeBack(page, "es");
  });

  test("the same in English", async ({ page }) => {
    await visitSignInAndComeBack(page, "en");
  });
});

test.describe("validation messages", () => {
  test("a duo's form, in Spanish: each mistake has its message and nothing is registered", async ({ page }) => {
    const t = tag();
    await signInAsNewUser(page, "valdu", `Vale Val ${t}`);
    const tournament = new TournamentPage(page);
    await chooseOnLanding(page, TITLES.duo);
    await expect(tournament.form).toBeVisible();

    await tournament.submit.click();
    await expect(tournament.error).toHaveText("Escribe el nombre del equipo.");
    // Every wrong field is marked at once, its message under it; the summary above says the first.
    await expect(page.locator('input[name="teamName"]')).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("r-error-teamName")).toHaveText("Escribe el nombre del equipo.");
    await expect(page.locator('input[name="player2Ign"]')).toHaveAccessibleDescription("Faltan datos del jugador 2.");
    await expect(page.getByTestId("r-error-paymentMethod")).toHaveText("Por favor, selecciona un método de pago.");

    const captain = {
      name: "Vale Val",
      ign: `ValeBS_${t}`,
      phone: "04141234567",
    };
    await tournament.register({
      teamName: `Val Team ${t}`,
      players: [captain],
    });
    await expect(tournament.error).toHaveText("Faltan datos del jugador 2.");

    await tournament.register({
      players: [
        { ...captain, phone: "" },
        { name: "Segundo Val", ign: `SegBS_${t}` },
      ],
    });
    await expect(tournament.error).toHaveText("El jugador 1 debe tener un número de teléfono.");

    await tournament.register({ players: [{ phone: "0414-abc-4567" }] });
    await expect(tournament.error).toHaveText("El teléfono del jugador 1 solo debe tener números (7 a 15).");

    await tournament.register({
      players: [{ phone: captain.phone }, { phone: "tel 04141234567" }],
    });
    await expect(tournament.error).toHaveText("El teléfono del jugador 2 solo debe tener números (7 a 15).");

    // The same in-game name twice (case does not matter).
    await tournament.register({
      players: [{}, { phone: "", ign: captain.ign.toUpperCase() }],
    });
    await expect(tournament.error).toHaveText("Cada jugador debe tener un nombre en el juego distinto.");

    // "Tu teléfono" left empty on a team event is the captain's: the next check is the payment method.
    await tournament.register({ players: [{}, { ign: `SegBS_${t}` }] });
    await expect(tournament.error).toHaveText("Por favor, selecciona un método de pago.");
    await expect(page.getByText("Si lo dejas vacío, usamos el del capitán.", { exact: false })).toBeVisible();

    // Spaces, dashes and +58 are taken as typed (normalizePhone); letters are not a phone.
    await tournament.register({ phone: "tel 0414 1234567" });
    await expect(tournament.error).toHaveText("Tu teléfono solo debe tener números (7 a 15).");

    await tournament.register({ phone: "04141234567" });
    await expect(tournament.error).toHaveText("Por favor, selecciona un método de pago.");

    // What was typed is still there, and no registration was made.
    await expect(tournament.teamName).toHaveValue(`Val Team ${t}`);
    await expect(tournament.player(2).ign).toHaveValue(`SegBS_${t}`);
    await expect(tournament.started).toHaveCount(0);
    await page.reload();
    await expect(tournament.form).toBeVisible();
    await expect(tournament.registration).toHaveCount(0);
    await expect(tournament.error).toHaveCount(0);
  });

  test("a squad's form, in English", async ({ page }) => {
    const t = tag();
    await signInAsNewUser(page, "valen", `Eddie English ${t}`, "en");
    const tournament = new TournamentPage(page);
    await chooseOnLanding(page, TITLES.squad, "Register");
    await expect(tournament.form).toBeVisible();

    await tournament.submit.click();
    await expect(tournament.error).toHaveText("Enter the team name.");

    await tournament.register({
      teamName: `Eng Squad ${t}`,
      players: [{ name: "Eddie", ign: `EddieML_${t}`, phone: "5551234567" }],
    });
    await expect(tournament.error).toHaveText("Missing data for player 2");

    await tournament.register({
      players: [
        { phone: "" },
        { name: "Two", ign: `TwoML_${t}` },
        { name: "Three", ign: `ThreeML_${t}` },
        { name: "Four", ign: `FourML_${t}` },
        { name: "Five" },
      ],
    });
    await expect(tournament.error).toHaveText("Player 1 must have a phone number");

    await tournament.register({ players: [{ phone: "5551234567" }] });
    await expect(tournament.error).toHaveText("Missing data for player 5");

    await tournament.register({
      players: [{}, {}, {}, {}, { ign: `FiveML_${t}`, phone: "12ab567" }],
    });
    await expect(tournament.error).toHaveText("Player 5's phone must have digits only (7 to 15).");

    await tournament.register({
      players: [{}, {}, {}, {}, { phone: "" }],
      phone: "5559876543",
    });
    await expect(tournament.error).toHaveText("Please select a payment method.");
  });

  test("the server gives the same messages when the browser runs no JavaScript", async ({ page, browser, baseURL, extraHTTPHeaders }) => {
    const t = tag();
    await signInAsNewUser(page, "nojs", `Nora Nojs ${t}`);
    const context = await browser.newContext({
      baseURL,
      extraHTTPHeaders,
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    try {
      const plain = new TournamentPage(await context.newPage());
      await plain.open("blood-strike-duo-clash", "32");
      await plain.register({
        teamName: `NoJs ${t}`,
        players: [
          { name: "Nora", ign: `NoraBS_${t}`, phone: "04141234567" },
          { name: "Nico", ign: `noraBS_${t}` },
        ],
        phone: "04141234567",
        method: "Binance",
      });
      await expect(plain.error).toHaveText("Cada jugador debe tener un nombre en el juego distinto.");
      // The server's answer holds what was typed, the chosen method too: a fresh form for the next case.
      await expect(plain.player(2).ign).toHaveValue(`noraBS_${t}`);
      await expect(plain.method("Binance")).toBeChecked();
      await plain.open("blood-strike-duo-clash", "32");

      await plain.register({
        teamName: `NoJs ${t}`,
        players: [
          { name: "Nora", ign: `NoraBS_${t}`, phone: "04141234567" },
          { name: "Nico", ign: `NicoBS_${t}` },
        ],
        phone: "04141234567",
      });
      await expect(plain.error).toHaveText("Por favor, selecciona un método de pago.");
      await expect(plain.registration).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test("registering twice: the second form is refused, then the page shows the registration", async ({ page, context }) => {
    const t = tag();
    await signInAsNewUser(page, "twice", `Tito Twice ${t}`);
    const tournament = new TournamentPage(page);
    await chooseOnLanding(page, TITLES.efootball);
    await expect(tournament.form).toBeVisible();

    // A second tab with the same form, opened before the first registration.
    const secondTab = await context.newPage();
    const second = new TournamentPage(secondTab);
    await second.open("efootball-masters", "64");
    await expect(second.form).toBeVisible();

    const ign = `TitoEF_${t}`;
    await tournament.register({
      players: [{ name: "Tito Twice", ign }],
      phone: "04121234567",
      method: "Binance",
    });
    await expect(tournament.started).toContainText("Registro iniciado");

    await second.register({
      players: [{ name: "Tito Otra Vez", ign: `TitoEF2_${t}` }],
      phone: "04121234567",
      method: "PayPal",
    });
    await expect(second.error).toHaveText("Ya estás inscrito en este torneo.");
    await expect(second.started).toHaveCount(0);

    // Coming back to the tournament: the existing registration instead of the form.
    await page.goto("/");
    await chooseOnLanding(page, TITLES.efootball);
    await expect(tournament.registration).toBeVisible();
    await expect(tournament.registration.getByRole("heading")).toHaveText("Ya estás inscrito");
    await expect(tournament.registrationStatus).toHaveText("Pendiente de pago");
    await expect(tournament.registration.getByRole("listitem")).toHaveText([`Tito Twice · ${ign}`]);
    await expect(tournament.form).toHaveCount(0);
    await tournament.registration.getByRole("link", { name: /Ver mi pedido/ }).click();
    await expect(page).toHaveURL(/\/orders\/[^/?]+$/);

    // Only one registration was made.
    await page.goto("/orders");
    await expect(page.getByTestId("my-registrations").getByRole("listitem")).toHaveCount(1);
  });

  test("an in-game name another player already registered in the tournament is refused", async ({
    page,
    browser,
    baseURL,
    extraHTTPHeaders,
  }) => {
    const t = tag();
    const ign = `TakenEF_${t}`;
    const other = await browser.newContext({ baseURL, extraHTTPHeaders });
    try {
      const otherPage = await other.newPage();
      await signInAsNewUser(otherPage, "first", `Primero ${t}`);
      const first = new TournamentPage(otherPage);
      await first.open("efootball-masters", "64");
      await first.register({
        players: [{ name: "Primero", ign }],
        phone: "04141234567",
        method: "PayPal",
      });
      await expect(first.started).toBeVisible();
    } finally {
      await other.close();
    }

    await signInAsNewUser(page, "second", `Segundo ${t}`);
    const tournament = new TournamentPage(page);
    await chooseOnLanding(page, TITLES.efootball);
    await tournament.register({
      players: [{ name: "Segundo", ign: ign.toLowerCase() }],
      phone: "04141234567",
      method: "PayPal",
    });
    await expect(tournament.error).toHaveText("Uno de esos nombres en el juego ya está inscrito en este torneo.");
    await expect(tournament.form).toBeVisible();
  });

  test("an unknown tournament shows 'No hay torneos disponibles' and a way back to the list", async ({ page }) => {
    await signInAsNewUser(page, "unknown", `Uma Unknown ${tag()}`);
    const response = await page.goto(`/tournament?id=no-existe-${tag()}&participants=10`);
    expect(response?.status()).toBe(404);
    const none = new TournamentPage(page).noTournament;
    await expect(none.getByRole("heading", { level: 1 })).toHaveText("No hay torneos disponibles");
    await expect(page.getByTestId("registration-form")).toHaveCount(0);
    await none.getByRole("link", { name: "Ver torneos" }).click();
    await expect(page).toHaveURL(/\/#tournaments$/);
    await expect(new LandingPage(page).cards.first()).toBeVisible();

    // Without any id it is the same page.
    expect((await page.goto("/tournament"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("No hay torneos disponibles");
  });
});
