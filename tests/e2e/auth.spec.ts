import { AuthPage, ProfilePage, TopBar } from "./pages/auth-pages";
import { LandingPage } from "./pages/landing-page";
import { expectMovesOnAfter } from "./support/clock";
import { expect, openProfileAsNewUser, requestSignInLink, signUp, test, uniqueEmail } from "./support/auth-fixtures";
import { readMailbox, signInLink, waitForMail } from "./support/mailbox";
import { followSignInLink } from "./support/sign-in-link";

// Each test uses its own address (and client address, see auth-fixtures): they share one server
// and database and run in parallel.

test.describe("sign-up and sign-in by e-mail link", () => {
  test("a new user signs up with a link, completes the profile and is greeted (Spanish)", async ({ page }) => {
    const email = uniqueEmail("ana");
    const name = "Ana Pérez Núñez";
    const topBar = new TopBar(page);

    await page.goto("/");
    await topBar.expectVisitor();
    await topBar.signUp.click();
    await expect(page).toHaveURL(/\/auth$/);

    const auth = new AuthPage(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Crea tu cuenta o inicia sesión");
    await expect(auth.submit).toHaveText("Enviarme el enlace");
    await expect(page.getByRole("link", { name: /¿Ya tienes cuenta\?/ })).toHaveAttribute("href", "/login");
    const askedAt = new Date();
    await auth.requestLink(email);
    await expect(auth.linkSent).toHaveText(`¡Listo! Revisa tu correo ${email} y abre el enlace para entrar. Vence en 15 minutos.`);
    await expect(auth.error).toHaveCount(0);

    const mail = await waitForMail(email, { subject: /^Tu enlace para entrar a Arena LATAM$/, after: askedAt });
    expect(mail.text).toContain("El enlace funciona una sola vez y vence en 15 minutos.");
    const link = await signInLink(email, { after: askedAt });
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/auth\/link\?token=[^&\s]+/);
    expect(mail.links).toContain(link);

    // The link names the account and signs in only when its button is pressed (docs/reliability.md "Hostile user": login CSRF).
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirma tu inicio de sesión");
    await expect(page.getByTestId("sign-in-email")).toHaveText(email);
    await topBar.expectVisitor();
    await page.getByRole("button", { name: `Entrar como ${email}` }).click();
    await expect(page).toHaveURL(
      (url) => url.pathname === "/auth/profile" && url.searchParams.get("email") === email && url.searchParams.get("redirectTo") === "/",
    );
    const profile = new ProfilePage(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Completa tu perfil");
    await expect(profile.email).toHaveValue(email);
    await expect(profile.fullname).toHaveValue("");
    await expect(profile.age).toHaveValue("12");
    await expect(profile.age.locator("option")).toHaveCount(64);
    await expect(profile.age.locator("option").first()).toHaveText("12");
    await expect(profile.age.locator("option").last()).toHaveText("75");
    await expect(profile.favoriteGame.locator("option:checked")).toHaveText("COD Mobile");

    const savedAt = new Date();
    await profile.save({ fullname: name, age: 23, favoriteGame: "Free Fire" });
    await expect(profile.saved).toHaveText("¡Perfil guardado! Te enviamos un correo de bienvenida. Te llevamos al inicio en 4 segundos…");
    // After 4 s the page takes the new user home, signed in.
    await expectMovesOnAfter(page, 4_000, (url) => url.pathname === "/");
    const welcome = await waitForMail(email, { subject: /Bienvenido/, after: savedAt });
    expect(welcome.subject).toBe(`¡Bienvenido a Arena LATAM, ${name}!`);
    expect(welcome.text).toContain(`¡Bienvenido, ${name}!`);
    await topBar.expectSignedInAs(`Hola, ${name}`);
    await expect(topBar.signOut).toHaveText("Cerrar sesión");

    // The saved profile is what the form shows next time.
    await page.goto("/auth/profile");
    await expect(profile.fullname).toHaveValue(name);
    await expect(profile.age).toHaveValue("23");
    await expect(profile.favoriteGame.locator("option:checked")).toHaveText("Free Fire");
  });

  test("the same in English: English pages and an English mail", async ({ page }) => {
    const email = uniqueEmail("john");
    const name = "John Smith";
    const landing = new LandingPage(page);
    const topBar = new TopBar(page);

    await landing.open("/");
    await landing.switchLanguage("English");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(topBar.signUp).toHaveText("Sign up");
    await topBar.signUp.click();

    const auth = new AuthPage(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create your account or sign in");
    await expect(page.getByLabel("E-mail", { exact: true })).toBeVisible();
    await expect(auth.submit).toHaveText("Send me the link");
    const askedAt = new Date();
    await auth.requestLink(email);
    await expect(auth.linkSent).toHaveText(`Done! Check your inbox at ${email} and open the link to sign in. It expires in 15 minutes.`);

    const mail = await waitForMail(email, { after: askedAt });
    expect(mail.subject).toBe("Your link to sign in to Arena LATAM");
    expect(mail.text).toContain("The link works once and expires in 15 minutes.");
    await page.goto(await signInLink(email, { after: askedAt }));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm sign-in");
    await expect(page.getByTestId("sign-in-email")).toHaveText(email);
    await topBar.expectVisitor();
    await page.getByRole("button", { name: `Sign in as ${email}` }).click();

    await expect(page).toHaveURL(/\/auth\/profile\?/);
    const profile = new ProfilePage(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Complete your profile");
    await expect(page.getByRole("textbox", { name: "Full name", exact: true })).toBeVisible();
    await expect(page.getByRole("combobox", { name: /^Age(?![A-Za-z])/ })).toHaveValue("12");
    await expect(page.getByRole("combobox", { name: /^Favorite game/ }).locator("option:checked")).toHaveText("COD Mobile");
    await expect(page.getByRole("button", { name: "Save profile" })).toBeVisible();
    const savedAt = new Date();
    await profile.save({ fullname: name, age: 30 });
    await expect(profile.saved).toHaveText("Profile saved! We sent you a welcome e-mail. Taking you home in 4 seconds…");
    await expectMovesOnAfter(page, 4_000, (url) => url.pathname === "/");

    const welcome = await waitForMail(email, { subject: /Welcome/, after: savedAt });
    expect(welcome.subject).toBe(`Welcome to Arena LATAM, ${name}!`);
    await topBar.expectSignedInAs(`Hi, ${name}`);
    await expect(topBar.signOut).toHaveText("Sign out");
  });

  test("a returning user lands where they were going, not on the profile form", async ({ page }) => {
    const email = uniqueEmail("rita");
    const topBar = new TopBar(page);
    await signUp(page, email, { fullname: "Rita Returning" });
    await page.goto("/");
    await topBar.signOut.click();
    await topBar.expectVisitor();

    // As a visitor, the register button asks for a sign-in first and remembers the tournament.
    const landing = new LandingPage(page);
    const register = landing.cards.first().getByTestId("register-button");
    await register.click();
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Ftournament%3Fid%3Dcopa-free-fire-solo%26participants%3D48$/);

    const auth = new AuthPage(page);
    const askedAt = new Date();
    await auth.requestLink(email);
    await expect(auth.linkSent).toContainText(email);
    const link = await signInLink(email, { after: askedAt });

    await followSignInLink(page, link, email);
    // What matters here is that the sign-in kept the destination: the address.
    await expect(page).toHaveURL((url) => url.pathname === "/tournament" && url.search === "?id=copa-free-fire-solo&participants=48");
    expect(page.url()).not.toContain("/auth/profile");
    await page.goto("/");
    await topBar.expectSignedInAs("Hola, Rita Returning");
  });

  test("a link that was already used shows 'link no longer works' and the form to ask again", async ({ page, context }) => {
    const email = uniqueEmail("used");
    const link = await requestSignInLink(page, email);
    await followSignInLink(page, link, email);
    await expect(page).toHaveURL(/\/auth\/profile\?/);

    // Someone (or the same person, later) opens the same link again.
    await context.clearCookies();
    await page.goto(link);
    await expect(page).toHaveURL((url) => url.pathname === "/auth" && url.searchParams.get("link") === "invalid");
    const auth = new AuthPage(page);
    await expect(auth.linkInvalid).toContainText("Este enlace ya no sirve");
    await expect(auth.linkInvalid).toContainText("El enlace ya se usó o venció. Pide uno nuevo: llega en segundos.");
    await expect(auth.email).toBeVisible();
    await expect(auth.submit).toHaveText("Pedir un enlace nuevo");

    // The form works: a fresh link arrives and signs in.
    const askedAt = new Date();
    await auth.requestLink(email);
    await expect(auth.linkSent).toContainText(email);
    const fresh = await signInLink(email, { after: askedAt });
    expect(fresh).not.toBe(link);
    await followSignInLink(page, fresh, email);
    await expect(page).toHaveURL(/\/auth\/profile\?/);
  });
});

test.describe("validation messages", () => {
  test("an empty e-mail asks to fill in every field", async ({ page }) => {
    const auth = new AuthPage(page);
    await auth.open();
    await auth.requestLink("");
    await expect(auth.error).toHaveText("Por favor, completa todos los campos.");
    await expect(auth.email).toHaveAttribute("aria-invalid", "true");
    await expect(auth.linkSent).toHaveCount(0);
  });

  test("a malformed e-mail asks for a valid one", async ({ page }) => {
    const auth = new AuthPage(page);
    await auth.open();
    const typed = `ana-${Date.now()}@@example`;
    await auth.requestLink(typed);
    await expect(auth.error).toHaveText("Ingresa un correo válido, por ejemplo tucorreo@ejemplo.com.");
    await expect(auth.email).toHaveAttribute("aria-invalid", "true");
    await expect(auth.email).toHaveValue(typed);
    await expect(auth.linkSent).toHaveCount(0);
  });

  test("the 4th link request for one address in 10 minutes is refused", async ({ page }) => {
    const email = uniqueEmail("many");
    const auth = new AuthPage(page);
    await auth.open();
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await auth.requestLink(email);
      await expect(auth.linkSent).toContainText(email);
      await expect(auth.error).toHaveCount(0);
    }
    await auth.requestLink(email);
    await expect(auth.error).toHaveText("Pediste demasiados enlaces. Espera unos minutos e inténtalo de nuevo.");
    await expect(auth.linkSent).toHaveCount(0);
    // Three mails went out, not four.
    await expect.poll(() => readMailbox(email).length).toBe(3);
  });

  test("the profile form asks for the full name", async ({ page }) => {
    const profile = await openProfileAsNewUser(page, uniqueEmail("noname"));
    await profile.save({ fullname: "   " });
    await expect(profile.error).toHaveText("Por favor, completa todos los campos.");
    await expect(profile.fullname).toHaveAttribute("aria-invalid", "true");
    await expect(profile.saved).toHaveCount(0);
    await expect(page).toHaveURL(/\/auth\/profile\?/);
  });

  test("the profile form answers another account's e-mail as any other address: it does not tell who has an account", async ({
    page,
    browser,
    baseURL,
    extraHTTPHeaders,
  }) => {
    // Someone else already has an account with this address.
    const otherEmail = uniqueEmail("taken");
    const other = await browser.newContext({ baseURL, extraHTTPHeaders });
    try {
      await signUp(await other.newPage(), otherEmail, { fullname: "Otra Persona" });
    } finally {
      await other.close();
    }

    const profile = await openProfileAsNewUser(page, uniqueEmail("dup"));
    await profile.save({ email: otherEmail, fullname: "Ana Duplicada" });
    await expect(profile.error).toHaveText("El correo debe ser el mismo con el que iniciaste sesión.");
    await expect(profile.email).toHaveAttribute("aria-invalid", "true");
    await expect(profile.saved).toHaveCount(0);
  });

  test("the profile form refuses an address other than the one signed in with", async ({ page }) => {
    const email = uniqueEmail("mine");
    const profile = await openProfileAsNewUser(page, email);
    await profile.save({ email: uniqueEmail("unused"), fullname: "Ana Cambiada" });
    await expect(profile.error).toHaveText("El correo debe ser el mismo con el que iniciaste sesión.");
    await expect(profile.email).toHaveAttribute("aria-invalid", "true");
    await expect(profile.saved).toHaveCount(0);
    // Nothing was saved: the profile is still incomplete, so the user is not greeted by name.
    await page.goto("/");
    await expect(new TopBar(page).greeting).toHaveText(`Hola, ${email}`);
  });
});

test.describe("signed in", () => {
  test("signing out ends the session", async ({ page, context, baseURL }) => {
    const email = uniqueEmail("bye");
    const topBar = new TopBar(page);
    await signUp(page, email, { fullname: "Beto Bye" });
    await page.goto("/");
    await topBar.expectSignedInAs("Hola, Beto Bye");
    const sessionCookie = (await context.cookies()).find((cookie) => cookie.name.endsWith("arena.session_token"));
    expect(sessionCookie).toBeDefined();

    await topBar.signOut.click();
    await expect(page).toHaveURL(/\/$/);
    await topBar.expectVisitor();

    await page.goto("/auth/profile");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fauth%2Fprofile$/);
    await expect(page.getByTestId("auth-page")).toBeVisible();

    // The session ended on the server too: the old cookie, sent again, no longer signs in.
    await context.addCookies([{ name: sessionCookie!.name, value: sessionCookie!.value, url: baseURL! }]);
    await page.goto("/auth/profile");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fauth%2Fprofile$/);
    await page.goto("/");
    await topBar.expectVisitor();
  });

  test("the landing page's buttons for a signed-in user", async ({ page }) => {
    await signUp(page, uniqueEmail("land"), { fullname: "Lola Landing" });
    const landing = new LandingPage(page);
    await landing.open("/");
    await new TopBar(page).expectSignedInAs("Hola, Lola Landing");

    // Get started: tells the user they are already signed in.
    const getStarted = page.getByTestId("get-started").first();
    await expect(getStarted).toHaveAttribute("href", "/?notice=already-logged-in");
    await getStarted.click();
    const toast = page.getByRole("status").filter({ hasText: "Ya iniciaste sesión." });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("¡Atención!");
    await expect(page).toHaveURL(/\/$/); // the notice is dropped from the address

    // Browse tournaments: jumps to the list.
    const browse = page.getByTestId("browse-tournaments");
    await expect(browse).toHaveAttribute("href", "#tournaments");
    await browse.click();
    await expect(page).toHaveURL(/#tournaments$/);
    await expect(landing.heading("Próximos torneos")).toBeInViewport();

    // Register: straight to the tournament, no sign-in detour.
    await expect(landing.cards.first().getByTestId("register-button")).toHaveAttribute(
      "href",
      "/tournament?id=copa-free-fire-solo&participants=48",
    );
    for (const register of await page.getByTestId("register-button").all()) {
      await expect(register).toHaveAttribute("href", /^\/tournament\?id=[^&]+&participants=\d+$/);
    }
  });
});

test.describe("other entry points", () => {
  test("/login without Google or Discord points to the e-mail link", async ({ page }) => {
    const response = await page.goto("/login");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Iniciar sesión");
    await expect(page.getByTestId("no-providers")).toHaveText(
      "El inicio de sesión con Google o Discord no está disponible en este momento. Usa el enlace por correo.",
    );
    await expect(page.getByRole("button", { name: /Google|Discord/ })).toHaveCount(0);
    await page.getByRole("link", { name: "¿No tienes cuenta? Regístrate con tu correo" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByTestId("auth-page")).toBeVisible();
  });

  test("a sign-in link opened from another site signs in nobody; its button works without JavaScript", async ({
    page,
    browser,
    baseURL,
    extraHTTPHeaders,
  }) => {
    const email = uniqueEmail("csrf-link");
    const link = await requestSignInLink(page, email);
    // The attacker's page sends a visitor to the attacker's own link: the visitor only sees a page.
    const visitor = await browser.newContext({
      baseURL,
      extraHTTPHeaders,
      javaScriptEnabled: false,
      viewport: { width: 360, height: 740 },
    });
    try {
      const victim = await visitor.newPage();
      await victim.goto(link, { referer: "https://evil.example/" });
      await expect(victim.getByTestId("sign-in-email")).toHaveText(email);
      // A long address still fits a 360 px phone.
      expect(await victim.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      expect((await visitor.cookies()).some((cookie) => cookie.name.endsWith("arena.session_token"))).toBe(false);
      // Posting the confirmation from another site is refused by the origin check.
      const forged = await victim.request.post("/auth/link", {
        headers: { Origin: "https://evil.example" },
        form: Object.fromEntries(new URL(link).searchParams),
        maxRedirects: 0,
      });
      expect(forged.status()).toBe(403);
      expect((await visitor.cookies()).some((cookie) => cookie.name.endsWith("arena.session_token"))).toBe(false);
      // Only the owner's press of the button, a plain form post with no script, signs in.
      await followSignInLink(victim, link, email);
      await expect(victim).toHaveURL(/\/auth\/profile\?/);
    } finally {
      await visitor.close();
    }
  });

  test("the sign-in page shows only its own messages, whatever the address says", async ({ page }) => {
    await page.goto(`/auth?${new URLSearchParams({ oauth: "failed", error: "Tu cuenta fue bloqueada. Llama al +58 412 000 0000" })}`);
    const auth = new AuthPage(page);
    await expect(auth.error).toHaveText("No se pudo iniciar sesión con el proveedor. Inténtalo de nuevo o usa el enlace por correo.");
    await expect(page.getByText("+58 412")).toHaveCount(0);
  });

  test("a link request posted from another site is refused", async ({ request, baseURL }) => {
    const email = uniqueEmail("csrf");
    const forged = await request.post("/auth", { headers: { Origin: "https://evil.example" }, form: { email }, maxRedirects: 0 });
    expect(forged.status()).toBe(403);
    expect(await forged.text()).toBe("La solicitud no vino de este sitio. Recarga la página e inténtalo de nuevo.");

    // The same request from the site itself goes through, so the 403 was the origin check.
    const askedAt = new Date();
    const own = await request.post("/auth", { headers: { Origin: new URL(baseURL!).origin }, form: { email }, maxRedirects: 0 });
    expect(own.status()).toBe(200);
    const mail = await waitForMail(email, { after: askedAt });
    expect(mail.subject).toBe("Tu enlace para entrar a Arena LATAM");
    // Only the accepted request sent a mail.
    expect(readMailbox(email)).toHaveLength(1);
  });
});
