import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useToast } from "~/components/ui/toast";
import { cartCount } from "~/domain/cart";
import { useHydrated } from "~/lib/use-hydrated";
import { useCart } from "../cart-store";

/** SPEC §2 top-bar cart button (store pages): the item count; an empty cart shows a toast instead. */
export function CartButton() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const count = cartCount(useCart());
  const ready = useHydrated();
  return (
    <button
      type="button"
      data-testid="cart-button"
      disabled={!ready}
      aria-label={t("cart.open", { count })}
      onClick={() => {
        if (count === 0) toast.info({ message: t("store:toasts.emptyCart") });
        else navigate("/store/cart");
      }}
      className="relative rounded-lg border border-slate-600 px-3 py-1.5 text-sm font-semibold text-slate-100 hover:border-cyan-400 disabled:cursor-wait disabled:opacity-60"
    >
      {t("cart.button")}
      <span className="ml-2 rounded-full bg-cyan-500 px-2 py-0.5 text-xs font-bold text-slate-950" data-testid="cart-count">
        {count}
      </span>
    </button>
  );
}
