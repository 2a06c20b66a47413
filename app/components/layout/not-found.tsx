import { useTranslation } from "~/lib/i18n-react";
import { Link } from "react-router";

export function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl px-6 py-24 text-center" data-testid="not-found">
      <p className="bg-gradient-to-r from-cyan-400 to-purple-500 bg-clip-text text-7xl font-black text-transparent">{t("notFound.code")}</p>
      <h1 className="mt-4 text-3xl font-bold">{t("notFound.title")}</h1>
      <p className="mt-3 text-slate-300">{t("notFound.message")}</p>
      <Link to="/" className="mt-8 inline-block rounded-lg bg-cyan-500 px-5 py-3 font-semibold text-slate-950 hover:bg-cyan-400">
        {t("notFound.back")}
      </Link>
    </section>
  );
}
