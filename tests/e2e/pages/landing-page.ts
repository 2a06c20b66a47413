import { expect, type Locator, type Page } from "@playwright/test";

/** The landing page as a person sees it. */
export class LandingPage {
  readonly cards: Locator;
  readonly grid: Locator;

  constructor(readonly page: Page) {
    this.cards = page.getByTestId("tournament-card");
    this.grid = page.getByTestId("tournament-grid");
  }

  async open(path = "/") {
    const response = await this.page.goto(path);
    expect(response?.status()).toBe(200);
  }

  heading(name: string | RegExp) {
    return this.page.getByRole("heading", { name });
  }

  async switchLanguage(name: "Español" | "English") {
    await this.page
      .getByRole("navigation", { name: /Idioma|Language/ })
      .getByRole("link", { name })
      .click();
    await this.page.waitForLoadState("load");
  }

  /** Columns the browser actually lays the grid out in. */
  async gridColumnCount(): Promise<number> {
    return this.grid.evaluate((element) => getComputedStyle(element).gridTemplateColumns.split(" ").filter(Boolean).length);
  }
}
