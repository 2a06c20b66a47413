import { useTranslation } from "~/lib/i18n-react";
import { Link } from "react-router";

/** SPEC §2 footer: brand, description, two social links, copyright, privacy / terms / cookies. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-slate-800 bg-slate-950/60" data-testid="footer">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 md:grid-cols-3">
        <div className="md:col-span-2">
          <p className="text-lg font-extrabold">
            Arena<span className="text-cyan-400"> LATAM</span>
          </p>
          <p className="mt-2 max-w-md text-sm text-slate-400">{t("footer.description")}</p>
          <nav aria-label={t("footer.social")} className="mt-4 flex gap-3">
            <a
              href="https://www.instagram.com/"
              rel="noopener noreferrer"
              target="_blank"
              className="rounded-full border border-slate-700 px-3 py-1 text-sm text-slate-300 hover:border-purple-400 hover:text-white"
            >
              {t("footer.instagram")}
            </a>
            <a
              href="https://www.tiktok.com/"
              rel="noopener noreferrer"
              target="_blank"
              className="rounded-full border border-slate-700 px-3 py-1 text-sm text-slate-300 hover:border-cyan-400 hover:text-white"
            >
              {t("footer.tiktok")}
            </a>
          </nav>
        </div>
        <nav aria-label={t("footer.legal")} className="flex flex-col gap-2 text-sm text-slate-400 md:items-end">
          <Link to="/support" className="hover:text-white" data-testid="footer-support">
            {t("footer.support")}
          </Link>
          <Link to="/privacy-terms" className="hover:text-white">
            {t("footer.privacy")}
          </Link>
          {/* The original left terms and cookies leading nowhere; both now have their text on the legal page. */}
          <Link to="/privacy-terms#terms" className="hover:text-white">
            {t("footer.terms")}
          </Link>
          <Link to="/privacy-terms#privacy" className="hover:text-white">
            {t("footer.cookies")}
          </Link>
        </nav>
      </div>
      <p className="border-t border-slate-800/70 py-4 text-center text-xs text-slate-400">
        {t("footer.copyright", { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
