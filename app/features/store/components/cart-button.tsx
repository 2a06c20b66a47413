import { useTranslation } from "~/lib/i18n-react";
import { Link } from "react-router";
import { useToast } from "~/components/ui/toast";
import { CART_STORAGE_KEY, MAX_QUANTITY, cartCount } from "~/domain/cart";
import { useHydrated } from "~/lib/use-hydrated";
import { useCart } from "../cart-store";

/**
 * SPEC §2 top-bar cart button (store pages): the item count; an empty cart shows a toast instead.
 * A plain link underneath, so it also works on pages served without the React runtime (/store),
 * where the inline script below writes the count from local storage.
 */
export function CartButton() {
  const { t } = useTranslation();
  const toast = useToast();
  const count = cartCount(useCart());
  const hydrated = useHydrated();
  return (
    <Link
      to="/store/cart"
      data-testid="cart-button"
      onClick={(event) => {
        if (count > 0) return;
        event.preventDefault();
        toast.info({ message: t("store:toasts.emptyCart") });
      }}
      className="relative rounded-lg border border-slate-500 px-3 py-1.5 text-sm font-semibold text-slate-100 hover:border-cyan-400"
    >
      {t("cart.button")}
      <span className="ml-2 rounded-full bg-cyan-500 px-2 py-0.5 text-xs font-bold text-slate-950" data-testid="cart-count">
        {hydrated ? count : 0}
      </span>
    </Link>
  );
}

/**
 * For a store page served without React: fills the top bar's count from the stored cart
 * (the same sum as `cartCount`, malformed entries counted as nothing); with an empty cart the
 * button asks this page for the "empty cart" notice instead of opening the cart (SPEC §5).
 * A function's source, so the cart pages' script can call it again after each change.
 */
export const CART_COUNT_JS = `function(){try{var c=JSON.parse(localStorage.getItem(${JSON.stringify(CART_STORAGE_KEY)})||"{}"),n=0;for(var k in c){var q=c[k]&&c[k].quantity;if(q===Math.floor(q)&&q>=1&&q<=${MAX_QUANTITY})n+=q}var e=document.querySelector('[data-testid="cart-count"]');if(e)e.textContent=String(n);var b=document.querySelector('[data-testid="cart-button"]');if(b)b.setAttribute("href",n?"/store/cart":location.pathname+"?notice=empty-cart")}catch(x){}}`;

export const CART_COUNT_SCRIPT = `(${CART_COUNT_JS})();`;
