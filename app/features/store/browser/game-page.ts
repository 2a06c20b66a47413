import { DataAttr, selector } from "~/browser/attributes";
import { IN_PLACE_HEADER } from "~/lib/in-place-answer";
import { addToCart } from "~/domain/cart";
import { paintCartCount, storeCart, storedCart } from "./cart-count";

/** The translated texts the game page hands its script (`#game-texts`). */
export interface GameTexts {
  checking: string;
  /** With {{name}}. */
  valid: string;
  unchecked: string;
  oneGame: string;
  added: string;
  addFailed: string;
  /** Error code → text; some hold {{message}}. */
  errors: Record<string, string>;
}

/** What POST /store/:game/check-id answers. */
interface CheckAnswer {
  ok: boolean;
  code?: string;
  message?: string;
  username?: string | null;
}

type IdStatus = "checking" | "valid" | "unchecked" | "error";

const STATUS_LOOK: Record<IdStatus, { className: string; testId: string }> = {
  checking: { className: "text-sm text-slate-300", testId: "player-checking" },
  valid: { className: "text-sm font-semibold text-emerald-300", testId: "player-name" },
  unchecked: { className: "text-sm text-slate-300", testId: "player-unchecked" },
  error: { className: "text-sm font-semibold text-rose-300", testId: "player-error" },
};

/** `{{name}}` placeholders filled from `values` (missing ones left empty). */
export function fill(template: string, values: Record<string, string | null | undefined>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");
}

/** An ID is worth checking once it is typed, with the zone when the game has one (or "id-zone"). */
export function readyToCheck(playerId: string, zone: string, zoned: boolean): boolean {
  return Boolean(playerId) && (!zoned || Boolean(zone) || playerId.indexOf("-") > 0);
}

/**
 * The game page is served without the React runtime (docs/decisions/002): it works as plain forms,
 * and this module adds what needs no reload: the ID checked as it is typed
 * (POST /store/:game/check-id), each method's price and the total following the chosen package,
 * "add to cart" into the stored cart (domain/cart.ts), and the top bar's cart count. Texts come
 * translated from the page (#game-texts); prices come formatted from the server on each package.
 */
export function start(): void {
  const root = document.querySelector<HTMLElement>(selector(DataAttr.gamePage));
  const form = root?.querySelector("form");
  const textsElement = document.getElementById("game-texts");
  if (!root || !form || !textsElement) return;
  const texts = JSON.parse(textsElement.textContent ?? "{}") as GameTexts;
  const game = root.getAttribute(DataAttr.game) ?? "";
  const checks = root.hasAttribute(DataAttr.checksId);
  const zoned = root.hasAttribute(DataAttr.hasZone);
  const idInput = form.elements.namedItem("playerId") as HTMLInputElement;
  const zoneInput = form.elements.namedItem("zone") as HTMLInputElement | null;
  const slot = root.querySelector(selector(DataAttr.idStatus))!;
  const buy = root.querySelector<HTMLButtonElement>(selector(DataAttr.buy))!;
  const add = root.querySelector<HTMLButtonElement>(selector(DataAttr.addToCart))!;
  const note = root.querySelector(selector(DataAttr.cartNote))!;
  const goToCart = root.querySelector(selector(DataAttr.goToCart));
  let refused = root.hasAttribute(DataAttr.idRefused);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sequence = 0;
  let lastChecked = root.getAttribute(DataAttr.idChecked) ?? "";

  const playerId = () => idInput.value.trim();
  const zone = () => (zoneInput ? zoneInput.value.trim() : "");
  const picked = (name: string) => form.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`);

  function element(tag: string, className: string, text: string, role: string | null, testId?: string): HTMLElement {
    const node = document.createElement(tag);
    node.className = className;
    if (testId) node.setAttribute("data-testid", testId);
    if (role) node.setAttribute("role", role);
    node.textContent = text;
    return node;
  }

  function showStatus(kind: IdStatus | null, text = ""): void {
    slot.textContent = "";
    if (!kind) return;
    const look = STATUS_LOOK[kind];
    slot.appendChild(element("span", look.className, text, kind === "error" ? "alert" : null, look.testId));
  }

  function errorText(answer: CheckAnswer): string {
    const message = answer.message ? (texts.errors[answer.message] ?? answer.message) : "";
    return fill(texts.errors[answer.code ?? ""] ?? texts.errors.ORDER_FAILED ?? "", { message });
  }

  async function check(): Promise<void> {
    clearTimeout(timer);
    if (!checks || !readyToCheck(playerId(), zone(), zoned)) return;
    const key = `${playerId()}|${zone()}`;
    if (key === lastChecked) return;
    lastChecked = key;
    const mine = ++sequence;
    showStatus("checking", texts.checking);
    try {
      const response = await fetch(`${location.pathname.replace(/\/$/, "")}/check-id`, {
        method: "POST",
        body: new URLSearchParams({ playerId: playerId(), zone: zone() }),
        headers: { Accept: "application/json", [IN_PLACE_HEADER]: "1" },
      });
      const answer = (await response.json()) as CheckAnswer;
      if (mine !== sequence) return;
      if (answer.ok) {
        refused = false;
        if (answer.username) showStatus("valid", `\u2713 ${fill(texts.valid, { name: answer.username })}`);
        else showStatus("unchecked", texts.unchecked);
      } else {
        refused = answer.code === "ID_INVALID";
        showStatus("error", errorText(answer));
      }
      sync();
    } catch {
      if (mine !== sequence) return;
      lastChecked = "";
      showStatus("error", texts.errors.CHECKER_UNAVAILABLE ?? "");
    }
  }

  function typed(): void {
    refused = false;
    sequence++;
    if (checks) showStatus(null);
    sync();
    clearTimeout(timer);
    timer = setTimeout(() => void check(), 600);
  }

  function sync(): void {
    const pack = picked("packageId");
    const method = picked("paymentMethod");
    root!.querySelectorAll(selector(DataAttr.methodPrice)).forEach((price) => {
      price.textContent = pack
        ? pack.getAttribute(`${DataAttr.pricePrefix}${price.getAttribute(DataAttr.methodPrice)}`)
        : price.getAttribute(DataAttr.methodPriceEmpty);
    });
    const total = root!.querySelector(selector(DataAttr.total));
    if (total) {
      total.classList.toggle("hidden", !(pack && method));
      const amount = total.querySelector(selector(DataAttr.totalAmount));
      if (pack && method && amount) amount.textContent = pack.getAttribute(`${DataAttr.pricePrefix}${method.value}`);
    }
    buy.disabled = refused;
  }

  function say(ok: boolean, text: string): void {
    note.textContent = "";
    note.appendChild(element("span", ok ? "text-emerald-300" : "text-rose-300", text, ok ? "status" : "alert"));
  }

  function paint(): void {
    goToCart?.classList.toggle("hidden", paintCartCount() === 0);
  }

  function addPicked(): void {
    const pack = picked("packageId");
    if (!pack) return say(false, texts.errors.PACKAGE_REQUIRED ?? "");
    const added = addToCart(
      storedCart(),
      {
        id: pack.value,
        label: pack.getAttribute(DataAttr.packageName) ?? "",
        precio_usd: Number(pack.getAttribute(DataAttr.packageUsd)),
        precio_bs: Number(pack.getAttribute(DataAttr.packageBs)),
        game,
        gameImage: root!.getAttribute(DataAttr.gameLogo),
      },
      1,
    );
    if (!added.ok) return say(false, texts.oneGame);
    if (!storeCart(added.cart)) return say(false, texts.addFailed);
    say(true, texts.added);
    paint();
  }

  for (const input of [idInput, zoneInput]) {
    input?.addEventListener("input", typed);
    input?.addEventListener("blur", () => void check());
  }
  // A refused buy's message and marks are about what was sent: once the buyer changes it, they go.
  const clearRefusal = (event: Event) => {
    root!.querySelector(selector(DataAttr.buyError))?.remove();
    (event.target as Element | null)?.removeAttribute?.("aria-invalid");
    if (event.type === "change" && note.querySelector("[role=alert]")) note.textContent = "";
  };
  form.addEventListener("input", clearRefusal);
  form.addEventListener("change", clearRefusal);
  form.addEventListener("change", sync);
  root.querySelectorAll(selector(DataAttr.savedId)).forEach((link) =>
    link.addEventListener("click", (event) => {
      event.preventDefault();
      idInput.value = link.getAttribute(DataAttr.savedPlayerId) ?? "";
      if (zoneInput) zoneInput.value = link.getAttribute(DataAttr.savedZone) ?? "";
      typed();
      void check();
    }),
  );
  add.disabled = false;
  add.textContent = add.getAttribute(DataAttr.addToCartLabel);
  add.addEventListener("click", addPicked);
  root.querySelector(selector(DataAttr.checkButton))?.classList.add("sr-only");
  // Back to a page kept by the browser: the cart may have changed on the pages in between.
  addEventListener("pageshow", (event) => {
    if (event.persisted) paint();
  });
  paint();
  sync();
  if (checks && !lastChecked) void check();
}
