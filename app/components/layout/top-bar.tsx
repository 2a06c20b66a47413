import type { ReactNode } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { Link, useLocation } from "react-router";
import type { Language } from "~/domain/language";
import { useToast } from "../ui/toast";
import { LanguageSwitcher } from "./language-switcher";
import { buttonClass } from "~/components/ui/button";
import { PlusBadge } from "~/components/ui/plus-badge";

export interface TopBarUser {
  name: string;
  email: string;
  isStaff?: boolean;
  /** A Plus member right now: the badge beside the greeting. */
  plus?: boolean;
}

const SECTION_LINKS = ["tournaments", "features", "plus", "cta"] as const;

export function TopBar({
  user,
  language,
  storeOpen,
  cartButton,
}: {
  user: TopBarUser | null;
  language: Language;
  /** SPEC §1: whether the store button opens the store or only says "coming soon" (setting STORE_OPEN). */
  storeOpen: boolean;
  /** The store pages' cart button, or nothing. */
  cartButton: ReactNode;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const location = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-800/80 bg-arena-bg/90 backdrop-blur">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-cyan-500 focus:px-3 focus:py-2 focus:text-slate-950"
      >
        {t("skipToContent")}
      </a>
      {/* From md up one row when it fits; a signed-in person's links (up to eight, longer in Spanish) go to a
          second row rather than over the section links. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 md:min-h-16">
        <Link to="/" className="flex items-center gap-2 text-lg font-extrabold tracking-tight whitespace-nowrap" data-testid="logo">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>
            Arena<span className="text-cyan-400"> LATAM</span>
          </span>
        </Link>
        {/* On a phone the links wrap to a second line rather than hiding the last (the store) off-screen. */}
        <nav
          aria-label={t("nav.main")}
          className="order-last flex w-full flex-wrap items-center gap-x-3.5 gap-y-1 pb-1 text-sm whitespace-nowrap text-slate-300 sm:gap-x-5 md:order-none md:w-auto md:flex-auto md:flex-nowrap md:pb-0"
        >
          {SECTION_LINKS.map((section) => (
            <a key={section} href={`/#${section}`} className="inline-flex min-h-6 items-center hover:text-cyan-300">
              {t(`nav.${section}`)}
            </a>
          ))}
          {storeOpen ? (
            <Link to="/store" data-testid="store-button" className="inline-flex min-h-6 items-center hover:text-cyan-300">
              {t("nav.store")}
            </Link>
          ) : (
            <a
              href="/?notice=store-coming-soon"
              data-testid="store-button"
              className="inline-flex min-h-6 items-center hover:text-cyan-300"
              onClick={(event) => {
                // SPEC §1/§2: with the store closed, the button announces it is coming soon.
                event.preventDefault();
                toast.info({ title: t("notice.attention"), message: t("notice.storeComingSoon") });
              }}
            >
              {t("nav.store")}
            </a>
          )}
        </nav>
        {/* Wraps on a phone: a signed-in staff member has several items here. */}
        <div className="relative ml-auto flex min-w-0 flex-wrap items-center justify-end gap-2 sm:gap-3">
          {cartButton}
          {user ? (
            // Phone: the signed-in links fold into a menu that opens without JavaScript
            // (<details>); from md up the menu's content is laid out inline (app.css .account-menu).
            <details className="account-menu" key={location.pathname + location.search} data-testid="account-menu">
              <summary
                className="flex cursor-pointer list-none items-center gap-2 rounded-lg border border-slate-500 px-3 py-1.5 text-sm font-semibold text-slate-100 hover:border-cyan-400 [&::-webkit-details-marker]:hidden"
                aria-label={t("nav.accountMenu")}
                data-testid="account-menu-button"
              >
                <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" fill="currentColor">
                  <rect x="2" y="4" width="16" height="2" rx="1" />
                  <rect x="2" y="9" width="16" height="2" rx="1" />
                  <rect x="2" y="14" width="16" height="2" rx="1" />
                </svg>
                <span>{t("nav.menu")}</span>
              </summary>
              <div className="account-menu-panel absolute top-full right-0 z-50 mt-2 flex w-64 max-w-[calc(100vw-2rem)] flex-col items-stretch gap-3 rounded-xl border border-slate-700 bg-arena-panel p-4 shadow-xl md:static md:mt-0 md:w-auto md:max-w-none md:flex-row md:flex-wrap md:items-center md:justify-end md:gap-3 md:border-0 md:bg-transparent md:p-0 md:shadow-none">
                <span className="truncate text-sm text-slate-200 md:order-3 md:max-w-40" data-testid="greeting">
                  {t("auth.greeting", { name: user.name || user.email })}
                  {user.plus ? <PlusBadge label={t("auth.plusBadge")} testId="plus-badge" className="ml-2" /> : null}
                </span>
                <div className="md:order-0">
                  <LanguageSwitcher language={language} />
                </div>
                {user.isStaff ? (
                  <Link
                    to="/admin/orders"
                    className="py-1 text-sm font-semibold whitespace-nowrap text-purple-300 hover:text-purple-200 md:order-1 md:py-0"
                    data-testid="staff-orders"
                  >
                    {t("nav.staffOrders")}
                  </Link>
                ) : null}
                <Link
                  to="/orders"
                  className="py-1 text-sm font-semibold whitespace-nowrap text-cyan-300 hover:text-cyan-200 md:order-2 md:py-0"
                  data-testid="my-orders-link"
                >
                  {t("nav.myOrders")}
                </Link>
                <Link
                  to="/teams"
                  className="py-1 text-sm font-semibold whitespace-nowrap text-cyan-300 hover:text-cyan-200 md:order-2 md:py-0"
                  data-testid="my-teams-link"
                >
                  {t("nav.myTeams")}
                </Link>
                <Link
                  to="/organizations"
                  className="py-1 text-sm font-semibold whitespace-nowrap text-cyan-300 hover:text-cyan-200 md:order-2 md:py-0"
                  data-testid="my-organizations-link"
                >
                  {t("nav.myOrganizations")}
                </Link>
                <Link
                  to="/wallet"
                  className="py-1 text-sm font-semibold whitespace-nowrap text-cyan-300 hover:text-cyan-200 md:order-2 md:py-0"
                  data-testid="wallet-link"
                >
                  {t("nav.wallet")}
                </Link>
                <Link
                  to="/support"
                  className="py-1 text-sm font-semibold whitespace-nowrap text-cyan-300 hover:text-cyan-200 md:order-2 md:py-0"
                  data-testid="support-link"
                >
                  {t("nav.support")}
                </Link>
                <Link
                  to="/account/notices"
                  className="py-1 text-sm font-semibold whitespace-nowrap text-cyan-300 hover:text-cyan-200 md:order-2 md:py-0"
                  data-testid="notices-link"
                >
                  {t("nav.notices")}
                </Link>
                <form method="post" action="/auth/sign-out" className="md:order-4">
                  <button
                    type="submit"
                    className="w-full rounded-lg border border-slate-500 px-3 py-1.5 text-xs font-semibold text-slate-200 hover:border-rose-400 hover:text-white md:w-auto"
                    data-testid="sign-out"
                  >
                    {t("auth.signOut")}
                  </button>
                </form>
              </div>
            </details>
          ) : (
            <>
              <LanguageSwitcher language={language} />
              <Link to="/auth" data-testid="sign-up" className={buttonClass("primary", "sm", "whitespace-nowrap")}>
                {t("auth.signUp")}
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
