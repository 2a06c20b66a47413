import { expect, type Locator, type Page } from "@playwright/test";

/** One player's fieldset (player-1 … player-5) of the registration form. */
export class PlayerFields {
  readonly root: Locator;
  readonly legend: Locator;
  readonly name: Locator;
  readonly ign: Locator;
  readonly phone: Locator;

  constructor(form: Locator, n: number) {
    this.root = form.getByTestId(`player-${n}`);
    this.legend = this.root.locator("legend");
    this.name = this.root.getByRole("textbox", { name: /^(Nombre|Name)(?! en el juego)/ });
    this.ign = this.root.getByRole("textbox", {
      name: /^(Nombre en el juego|In-game name) \(IGN\)/,
    });
    this.phone = this.root.getByRole("textbox", {
      name: /^(Teléfono|Phone)( \((opcional|optional)\))?/,
    });
  }
}

export interface PlayerValues {
  name?: string;
  ign?: string;
  phone?: string;
}

export interface RegistrationValues {
  teamName?: string;
  coachName?: string;
  /** Players in order; player 1 is the captain of a team. */
  players?: PlayerValues[];
  /** The user's own phone. */
  phone?: string;
  /** The payment method's visible name: "Pago Móvil", "Binance" or "PayPal". */
  method?: "Pago Móvil" | "Binance" | "PayPal";
}

function methodName(name: string): RegExp {
  return new RegExp(`^${name}\\b`);
}

/** /tournament?id=…&participants=…: the tournament's details and its registration form. */
export class TournamentPage {
  readonly root: Locator;
  readonly title: Locator;
  readonly fee: Locator;
  readonly prize: Locator;
  readonly date: Locator;
  readonly placesLeft: Locator;
  readonly closesAt: Locator;
  readonly form: Locator;
  readonly teamName: Locator;
  readonly coachName: Locator;
  readonly phone: Locator;
  readonly methods: Locator;
  readonly submit: Locator;
  readonly error: Locator;
  readonly confirmed: Locator;
  readonly started: Locator;
  readonly orderTotal: Locator;
  readonly continueToPayment: Locator;
  readonly registration: Locator;
  readonly registrationStatus: Locator;
  readonly noTournament: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId("tournament-page");
    this.title = this.root.getByRole("heading", { level: 1 });
    this.fee = this.root.getByTestId("tournament-fee");
    this.prize = this.root.getByTestId("tournament-prize");
    this.date = this.root.getByTestId("tournament-date");
    this.placesLeft = this.root.getByTestId("places-left");
    this.closesAt = this.root.getByTestId("closes-at");
    this.form = page.getByTestId("registration-form");
    // A refused field's label also holds its error message: names only start with the label.
    this.teamName = this.form.getByRole("textbox", {
      name: /^(Nombre del equipo|Team name)/,
    });
    this.coachName = this.form.getByRole("textbox", {
      name: /^Coach \((opcional|optional)\)/,
    });
    // The label also holds the hint ("Por ejemplo 0414 …"), so the name only starts with it.
    this.phone = this.form.getByRole("textbox", {
      name: /^(Tu teléfono|Your phone)/,
    });
    this.methods = this.form.getByRole("radio");
    this.submit = this.form.getByRole("button", {
      name: /^(Inscribirme gratis|Inscribirme y pagar|Register for free|Register and pay)$/,
    });
    this.error = page.getByTestId("registration-error");
    this.confirmed = page.getByTestId("registration-confirmed");
    this.started = page.getByTestId("registration-started");
    this.orderTotal = this.started.getByTestId("order-total");
    this.continueToPayment = page.getByTestId("continue-to-payment");
    this.registration = page.getByTestId("registration");
    this.registrationStatus = page.getByTestId("registration-status");
    this.noTournament = page.getByTestId("no-tournament");
  }

  /** Opens a tournament's page directly (the landing card is the usual way in). */
  async open(id: string, participants?: string) {
    const query = new URLSearchParams({
      id,
      ...(participants ? { participants } : {}),
    });
    const response = await this.page.goto(`/tournament?${query}`);
    expect(response?.status()).toBe(200);
    await expect(this.root).toBeVisible();
  }

  player(n: number): PlayerFields {
    return new PlayerFields(this.form, n);
  }

  /** Every player fieldset the form shows. */
  get playerFieldsets(): Locator {
    return this.form.locator("fieldset[data-testid^='player-']");
  }

  /** The radio of a payment method, by its visible name (the label also shows the price). */
  method(name: string): Locator {
    return this.form.getByRole("radio", { name: methodName(name) });
  }

  /** The price shown next to a payment method. */
  methodPrice(name: string): Locator {
    // `has` is looked up inside each label, so the radio locator must not start from the form.
    return this.form
      .locator("label")
      .filter({ has: this.page.getByRole("radio", { name: methodName(name) }) })
      .locator("span")
      .last();
  }

  /** Types what a person would type; fields left out stay as they are. */
  async fill(values: RegistrationValues) {
    if (values.teamName !== undefined) await this.teamName.fill(values.teamName);
    if (values.coachName !== undefined) await this.coachName.fill(values.coachName);
    for (const [index, player] of (values.players ?? []).entries()) {
      const fields = this.player(index + 1);
      if (player.name !== undefined) await fields.name.fill(player.name);
      if (player.ign !== undefined) await fields.ign.fill(player.ign);
      if (player.phone !== undefined) await fields.phone.fill(player.phone);
    }
    if (values.phone !== undefined) await this.phone.fill(values.phone);
    if (values.method !== undefined) await this.method(values.method).check();
  }

  async register(values: RegistrationValues) {
    await this.fill(values);
    await this.submit.click();
  }

  /** Places left as a number, read from "Quedan 48 cupos" / "48 places left". */
  async placesLeftCount(): Promise<number> {
    const text = (await this.placesLeft.textContent()) ?? "";
    const match = /\d+/.exec(text);
    if (!match) throw new Error(`no number in places left: "${text}"`);
    return Number(match[0]);
  }
}
