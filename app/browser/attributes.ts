/**
 * Every `data-*` attribute that joins the server's HTML to the browser modules (docs/decisions/011).
 * The JSX writes them with `dataAttr(DataAttr.x, value)` and the scripts find them with `DataAttr.x` and
 * `selector(DataAttr.x)`, so renaming or removing one here is a type error on both sides. An enum because
 * esbuild writes each member used as its bare string into a script, and leaves the rest out.
 */
export enum DataAttr {
  // Every page (app/browser/page.ts).
  language = "data-language",
  toastClose = "data-toast-close",
  confirm = "data-confirm",
  /** On a form or its submit button: the button's text while the form is being sent. */
  sending = "data-sending",
  /** Written by the script: a sent button's own text, given back when the page returns. */
  idleLabel = "data-idle-label",
  /** On `<html>` of a page served without the React runtime. */
  withoutReact = "data-without-react",
  toasts = "data-toasts",
  /** On `<body>` of a page shown inside another program (the OBS overlay): transparent, no chrome. */
  bare = "data-bare",
  toastKind = "data-kind",

  // Pages whose block is swapped for the server's fresh render (app/browser/live-page.ts).
  swap = "data-swap",
  live = "data-live",
  countdown = "data-countdown",
  countdownTo = "data-to",
  countdownNow = "data-now",
  countdownText = "data-text",
  /** The polite region that says a live page was updated (LiveStatus); its sentence is `data-text`. */
  liveStatus = "data-live-status",

  // The streamer's donation overlay (app/browser/donation-alerts.ts): the events' address, and the alert's parts.
  alerts = "data-alerts",
  alertWho = "data-alert-who",
  alertAmount = "data-alert-amount",
  alertMessage = "data-alert-message",
  /** A gift's items ("👑 3 × Corona"), hidden for a plain donation. */
  alertGift = "data-alert-gift",
  /** The "test" mark of a sample alert the streamer sent themself. */
  alertTest = "data-alert-test",
  /** The text for a donor who chose not to be named ("Alguien"). */
  alertSomeone = "data-alert-someone",

  // A page that moves on by itself after a confirmation (TimedRedirect, app/browser/timed-redirect.ts).
  redirect = "data-redirect",
  redirectSeconds = "data-redirect-seconds",
  /** Set by the script when the timer starts: the page clock's time (ms) the page moves at. */
  redirectDue = "data-redirect-due",
  redirectSoon = "data-redirect-soon",
  redirectStay = "data-redirect-stay",

  // Store: top bar, game page, cart and checkout.
  cartButton = "data-cart-button",
  cartCount = "data-cart-count",
  gamePage = "data-game-page",
  game = "data-game",
  gameLogo = "data-logo",
  checksId = "data-checks-id",
  hasZone = "data-zone",
  idRefused = "data-refused",
  idChecked = "data-checked",
  idStatus = "data-id-status",
  /** The server's answer to a refused buy: it goes once the buyer changes the form. */
  buyError = "data-buy-error",
  checkButton = "data-check-button",
  savedId = "data-saved-id",
  savedPlayerId = "data-player-id",
  savedZone = "data-saved-zone",
  packageName = "data-package-name",
  packageUsd = "data-usd",
  packageBs = "data-bs",
  /** On a package: `data-price-<method>`, its price with that method, formatted. */
  pricePrefix = "data-price-",
  methodPrice = "data-method-price",
  methodPriceEmpty = "data-empty",
  total = "data-total",
  totalAmount = "data-total-amount",
  buy = "data-buy",
  addToCart = "data-add",
  addToCartLabel = "data-add-label",
  cartNote = "data-cart-note",
  goToCart = "data-go-cart",
  cartPage = "data-cart-page",
  part = "data-part",
  quantity = "data-qty",
  remove = "data-remove",
  storeCart = "data-store-cart",
  created = "data-created",
  next = "data-next",
  toastError = "data-toast-error",
  needsScript = "data-needs-script",
  noScript = "data-no-script",
  confirmStep = "data-confirm-step",
  /** The SPEC §3 keys of a created order, one attribute each (see ORDER_KEYS). */
  orderKeyPrefix = "data-order-key-",

  // A stream's click-to-load player (app/browser/player-facade.ts): the link carries the official player's address.
  player = "data-player",
  playerTitle = "data-player-title",

  // The landing's background video (app/browser/hero-video.ts): the video, and its pause/play button with both labels.
  heroVideo = "data-hero-video",
  heroVideoToggle = "data-hero-video-toggle",
  pauseLabel = "data-pause-label",
  playLabel = "data-play-label",

  // Payment page (features/orders/browser/pay-page.ts).
  payPage = "data-pay-page",
  proofForm = "data-proof",
  errorSlot = "data-error-slot",
  copy = "data-copy",
  copied = "data-copied",
  copyFailed = "data-copy-failed",
  needsFile = "data-needs-file",
  maxBytes = "data-max-bytes",
}

/** A CSS selector for elements carrying it (with this exact value, when given). */
export function selector(name: DataAttr, value?: string): string {
  return value === undefined ? `[${name}]` : `[${name}="${value}"]`;
}

/**
 * For JSX: `<div {...dataAttr(DataAttr.swap)} />`, `<a {...dataAttr(DataAttr.savedPlayerId, id)} />`. A value of
 * `undefined`, `null` or `false` leaves the attribute out; `true` (the default) writes it empty.
 */
export function dataAttr(name: DataAttr, value: string | number | boolean | null | undefined = true): Record<string, string> {
  if (value === undefined || value === null || value === false) return {};
  return { [name]: value === true ? "" : String(value) };
}
