import { useTranslation } from "~/lib/i18n-react";

/**
 * A landing section's title and one-line subtitle: texts `<section>.title` and `<section>.subtitle`,
 * the title's id `<section>-title` (what the section's aria-labelledby names). The closing call to
 * action speaks louder.
 */
export function SectionHeading({ section, loud = false }: { section: string; loud?: boolean }) {
  const { t } = useTranslation("landing");
  return (
    <>
      <h2 id={`${section}-title`} className={loud ? "text-3xl font-extrabold sm:text-4xl" : "text-3xl font-extrabold"}>
        {t(`${section}.title`)}
      </h2>
      <p className={loud ? "mt-3 text-slate-300" : "mt-2 text-slate-400"}>{t(`${section}.subtitle`)}</p>
    </>
  );
}
