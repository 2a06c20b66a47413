import { useTranslation } from "~/lib/i18n-react";
import type { ProviderId } from "../auth-rules";

/** One small form per configured provider: works without JavaScript. */
export function ProviderButtons({ providers, from, redirectTo }: { providers: ProviderId[]; from: "auth" | "login"; redirectTo: string }) {
  const { t } = useTranslation("auth");
  return (
    <div className="flex flex-col gap-3">
      {providers.map((provider) => (
        <form key={provider} method="post" action="/auth/oauth">
          <input type="hidden" name="provider" value={provider} />
          <input type="hidden" name="from" value={from} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button
            type="submit"
            data-testid={`oauth-${provider}`}
            className={`w-full rounded-lg px-4 py-3 font-semibold ${
              provider === "google" ? "bg-white text-slate-900 hover:bg-slate-200" : "bg-[#5865F2] text-white hover:brightness-110"
            }`}
          >
            {t(`signIn.${provider}`)}
          </button>
        </form>
      ))}
    </div>
  );
}
