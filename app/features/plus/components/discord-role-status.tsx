import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n-react";
import type { DiscordRoleState } from "../discord-role.server";

/** Whether the Plus premium role is granted in the community Discord (the Plus page and the profile). */
export function DiscordRoleStatus({ state, className = "", back }: { state: DiscordRoleState; className?: string; back: string }) {
  const { t } = useTranslation("plus");
  // Not configured on this deployment: nothing to say.
  if (state === "off") return null;
  const tone = state === "granted" ? "border-emerald-500/50 text-emerald-100" : "border-purple-500/50 text-purple-100";
  return (
    <div className={`rounded-lg border p-3 text-sm ${tone} ${className}`} data-testid="discord-role" data-state={state}>
      <span className="font-semibold">{t("discordRole.title")}: </span>
      {t(`discordRole.${state}`)}
      {state === "unlinked" ? (
        // Signed in by e-mail: link Discord here (linkSocial, features/auth/routes/link-discord.ts).
        <form method="post" action="/auth/link-discord" className="mt-2">
          <button type="submit" className={buttonClass("secondary", "sm")} data-testid="discord-link">
            {t("discordRole.link")}
          </button>
        </form>
      ) : null}
      {state === "failed" ? (
        // Refused because the person had not joined the server: once they have, they ask again (docs/plus.md).
        <form method="post" action="/plus/discord-role" className="mt-2">
          <input type="hidden" name="redirectTo" value={back} />
          <button type="submit" className={buttonClass("secondary", "sm")} data-testid="discord-role-retry">
            {t("discordRole.retry")}
          </button>
        </form>
      ) : null}
    </div>
  );
}
