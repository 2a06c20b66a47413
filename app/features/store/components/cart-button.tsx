import { DataAttr, dataAttr } from "~/browser/attributes";
import { useTranslation } from "~/lib/i18n-react";

/**
 * SPEC §2 top-bar cart button (store pages, all served without the React runtime): a plain link.
 * The cart is only in the browser, so the store pages' modules write its count from local storage
 * and, with an empty cart, point it at the page's "empty cart" notice instead (browser/cart-count.ts).
 */
export function CartButton() {
  const { t } = useTranslation();
  return (
    <a
      href="/store/cart"
      data-testid="cart-button"
      {...dataAttr(DataAttr.cartButton)}
      className="relative rounded-lg border border-slate-500 px-3 py-1.5 text-sm font-semibold text-slate-100 hover:border-cyan-400"
    >
      {t("cart.button")}
      <span
        className="ml-2 rounded-full bg-cyan-500 px-2 py-0.5 text-xs font-bold text-slate-950"
        data-testid="cart-count"
        {...dataAttr(DataAttr.cartCount)}
      >
        0
      </span>
    </a>
  );
}
