import { expect, type Locator, type Page } from "@playwright/test";

/** /auth: ask for a sign-in link by e-mail. */
export class AuthPage {
  readonly email: Locator;
  readonly submit: Locator;
  readonly linkSent: Locator;
  readonly error: Locator;
  readonly linkInvalid: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel(/^(Correo electrónico|E-mail)$/);
    this.submit = page.getByTestId("auth-page").getByRole("button");
    this.linkSent = page.getByTestId("link-sent");
    this.error = page.getByTestId("auth-error");
    this.linkInvalid = page.getByTestId("link-invalid");
  }

  async open(path = "/auth") {
    const response = await this.page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(this.page.getByTestId("auth-page")).toBeVisible();
  }

  /** Fills the address, sends the form and waits for the server's answer. */
  async requestLink(email: string) {
    await this.email.fill(email);
    const answered = this.page.waitForResponse(
      (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/auth"),
    );
    await this.submit.click();
    await answered;
  }
}

/** /auth/link: the page a sign-in link opens; its button signs in. */
export class SignInLinkPage {
  readonly heading: Locator;
  readonly email: Locator;
  readonly confirm: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByTestId("sign-in-link-page").getByRole("heading", { level: 1 });
    this.email = page.getByTestId("sign-in-email");
    this.confirm = page.getByTestId("confirm-sign-in");
  }
}

export interface ProfileValues {
  fullname?: string;
  email?: string;
  age?: number;
  /** The option's visible label, e.g. "Free Fire". */
  favoriteGame?: string;
}

/** /auth/profile: complete the new account. */
export class ProfilePage {
  readonly email: Locator;
  readonly fullname: Locator;
  readonly age: Locator;
  readonly favoriteGame: Locator;
  readonly submit: Locator;
  readonly saved: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    // Each field sits inside its <label>, so a select's accessible name also holds its options' text.
    const form = page.getByTestId("profile-page");
    this.email = form.getByRole("textbox", { name: /^(Correo electrónico|E-mail)$/ });
    this.fullname = form.getByRole("textbox", { name: /^(Nombre completo|Full name)$/ });
    this.age = form.getByRole("combobox", { name: /^(Edad|Age)(?![A-Za-z])/ });
    this.favoriteGame = form.getByRole("combobox", { name: /^(Juego favorito|Favorite game)/ });
    this.submit = page.getByRole("button", { name: /^(Guardar perfil|Save profile)$/ });
    this.saved = page.getByTestId("profile-saved");
    this.error = page.getByTestId("profile-error");
  }

  async fill(values: ProfileValues) {
    if (values.email !== undefined) await this.email.fill(values.email);
    if (values.fullname !== undefined) await this.fullname.fill(values.fullname);
    if (values.age !== undefined) await this.age.selectOption(String(values.age));
    if (values.favoriteGame !== undefined) await this.favoriteGame.selectOption({ label: values.favoriteGame });
  }

  async save(values: ProfileValues = {}) {
    await this.fill(values);
    await this.submit.click();
  }
}

/** The top bar's account corner. */
export class TopBar {
  readonly greeting: Locator;
  readonly signUp: Locator;
  readonly signOut: Locator;

  constructor(readonly page: Page) {
    this.greeting = page.getByTestId("greeting");
    this.signUp = page.getByTestId("sign-up");
    this.signOut = page.getByTestId("sign-out");
  }

  async expectSignedInAs(greeting: string) {
    await expect(this.greeting).toHaveText(greeting);
    await expect(this.signOut).toBeVisible();
    await expect(this.signUp).toHaveCount(0);
  }

  async expectVisitor() {
    await expect(this.greeting).toHaveCount(0);
    await expect(this.signOut).toHaveCount(0);
    await expect(this.signUp).toBeVisible();
  }
}
