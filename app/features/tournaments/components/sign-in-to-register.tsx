import { useTranslation } from "~/lib/i18n-react";
import { buttonClass } from "~/components/ui/button";

/**
 * A visitor, where a signed-in player has the registration form: registering needs an account, and
 * the way to sign in that comes back to this page (`to`: /auth?redirectTo=…, built by the loader).
 * A plain link: it works before any script runs.
 */
export function SignInToRegister({ to }: { to: string }) {
  const { t } = useTranslation("tournaments");
  return (
    <div className="mt-8 rounded-xl border border-cyan-500/50 bg-cyan-500/10 p-6" data-testid="sign-in-to-register">
      <h2 className="text-xl font-bold text-cyan-100">{t("signIn.title")}</h2>
      <p className="mt-2 text-cyan-50/90">{t("signIn.text")}</p>
      <a href={to} className={buttonClass("primary", "md", "mt-4 inline-block")} data-testid="sign-in-to-register-link">
        {t("signIn.button")}
      </a>
    </div>
  );
}
