// A store order placed as the checkout page's script places it (app/features/store/routes/checkout.tsx):
// the stored cart (SPEC §3) in `items`, `intent=create`, and a 303 to the checkout page naming the
// order. The bench and the chaos run both post exactly this.

/** One Free Fire package, as the game page stores it; the server prices it again and only compares precio_usd. */
const STORED_CART = JSON.stringify({
  "free-fire-110": {
    id: "free-fire-110",
    label: "110 Diamantes",
    precio_usd: 100,
    precio_bs: 24550,
    quantity: 1,
    game: "free-fire",
    gameImage: null,
  },
});

/** The confirm form's fields, with its idempotency key. */
export function checkoutForm(idempotencyKey) {
  return new URLSearchParams({
    items: STORED_CART,
    phone: "04121234567",
    gamerId: "123456789",
    paymentMethod: "binance",
    intent: "create",
    idempotencyKey,
  });
}

/** The id of the order a checkout answer created, or undefined (anything but its 303). */
export function createdOrderId(response) {
  if (response.status !== 303) return undefined;
  return /^\/store\/cart\/checkout\?order=([0-9a-f-]{36})$/.exec(response.headers.get("location") ?? "")?.[1];
}
