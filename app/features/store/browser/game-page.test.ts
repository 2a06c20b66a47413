// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseStoredCart } from "~/domain/cart";
import { fill, readyToCheck, start, type GameTexts } from "./game-page";

const TEXTS: GameTexts = {
  checking: "Verificando…",
  valid: "Jugador: {{name}}",
  unchecked: "No verificado",
  oneGame: "Solo puedes agregar recargas de un juego.",
  added: "Agregado al carrito",
  addFailed: "No se pudo agregar",
  errors: { PACKAGE_REQUIRED: "Elige un paquete." },
};

/** The game page as the server renders it, reduced to what the module reads. */
function renderGamePage(game = "free-fire") {
  document.body.innerHTML = `
    <a data-cart-button href="/store/cart"><span data-cart-count>0</span></a>
    <div data-game-page data-game="${game}" data-logo="/images/games/${game}.svg">
      <div data-buy-error><div role="alert">Elige un paquete.</div></div>
      <form method="post">
        <input name="playerId" value="" aria-invalid="true">
        <span data-id-status></span>
        <input type="radio" name="packageId" value="${game}-110" data-package-name="110 Diamantes" data-usd="110" data-bs="4400" data-price-binance="$1.10">
        <span data-method-price="binance" data-empty="En USD">En USD</span>
        <input type="radio" name="paymentMethod" value="binance">
        <div class="hidden" data-total><span data-total-amount></span></div>
        <button type="submit" data-buy>Comprar</button>
        <button type="button" disabled data-add data-add-label="Agregar al carrito">Cargando…</button>
        <p data-cart-note></p><p class="hidden" data-go-cart></p>
      </form>
    </div>
    <script type="application/json" id="game-texts">${JSON.stringify(TEXTS)}</script>`;
  start();
}

describe("the game page module", () => {
  beforeEach(() => vi.stubGlobal("fetch", vi.fn()));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("takes a refused buy's message and the field's mark away once the buyer changes the form", () => {
    renderGamePage();
    expect(document.querySelector("[data-buy-error]")).not.toBeNull();
    const id = document.querySelector<HTMLInputElement>('input[name="playerId"]')!;
    id.value = "123456789";
    id.dispatchEvent(new Event("input", { bubbles: true }));
    expect(document.querySelector("[data-buy-error]")).toBeNull();
    expect(id.hasAttribute("aria-invalid")).toBe(false);
  });

  it("adds the chosen package to the stored cart with its name, and counts it", () => {
    renderGamePage();
    const add = document.querySelector<HTMLButtonElement>("[data-add]")!;
    expect(add.disabled).toBe(false);
    expect(add.textContent).toBe("Agregar al carrito");
    document.querySelector<HTMLInputElement>('input[name="packageId"]')!.checked = true;
    add.click();
    add.click();
    const cart = parseStoredCart(localStorage.getItem("cart"));
    expect(cart["free-fire-110"]).toEqual({
      id: "free-fire-110",
      label: "110 Diamantes",
      precio_usd: 110,
      precio_bs: 4400,
      quantity: 2,
      game: "free-fire",
      gameImage: "/images/games/free-fire.svg",
    });
    expect(document.querySelector("[data-cart-count]")!.textContent).toBe("2");
    expect(document.querySelector("[data-cart-note]")!.textContent).toBe("Agregado al carrito");
    expect(document.querySelector("[data-go-cart]")!.classList.contains("hidden")).toBe(false);
  });

  it("refuses a package of another game than the cart's (domain/cart.ts), and asks for a package first", () => {
    renderGamePage("free-fire");
    document.querySelector<HTMLInputElement>('input[name="packageId"]')!.checked = true;
    document.querySelector<HTMLButtonElement>("[data-add]")!.click();
    renderGamePage("blood-strike");
    const add = document.querySelector<HTMLButtonElement>("[data-add]")!;
    add.click();
    expect(document.querySelector("[data-cart-note]")!.textContent).toBe("Elige un paquete.");
    document.querySelector<HTMLInputElement>('input[name="packageId"]')!.checked = true;
    add.click();
    expect(document.querySelector("[data-cart-note]")!.textContent).toBe(TEXTS.oneGame);
    expect(Object.keys(parseStoredCart(localStorage.getItem("cart")))).toEqual(["free-fire-110"]);
  });

  it("shows each method's price and the total for the chosen package", () => {
    renderGamePage();
    document.querySelector<HTMLInputElement>('input[name="packageId"]')!.checked = true;
    document.querySelector<HTMLInputElement>('input[name="paymentMethod"]')!.checked = true;
    document.querySelector("form")!.dispatchEvent(new Event("change", { bubbles: true }));
    expect(document.querySelector("[data-method-price]")!.textContent).toBe("$1.10");
    expect(document.querySelector("[data-total]")!.classList.contains("hidden")).toBe(false);
    expect(document.querySelector("[data-total-amount]")!.textContent).toBe("$1.10");
  });

  it("checks an ID once it is complete, and fills the texts' placeholders", () => {
    expect(readyToCheck("", "", false)).toBe(false);
    expect(readyToCheck("123", "", false)).toBe(true);
    expect(readyToCheck("123", "", true)).toBe(false);
    expect(readyToCheck("123-45", "", true)).toBe(true);
    expect(readyToCheck("123", "45", true)).toBe(true);
    expect(fill("Jugador: {{name}} {{missing}}", { name: "Kai" })).toBe("Jugador: Kai ");
  });
});
