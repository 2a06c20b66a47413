import { useTranslation } from "~/lib/i18n-react";
import { redirect } from "react-router";
import { languageFromCookieHeader } from "~/domain/language";
import { db } from "~/lib/db.server";
import { readForm } from "~/lib/http.server";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import { buttonClass } from "~/components/ui/button";
import type { RouteHandle } from "~/root";
import { pendingSignInEmail } from "../accounts.server";
import { consumeSignInLink, LINK_INVALID, signInLinkFields } from "../sign-in-link.server";
import type { Route } from "./+types/link";

// A plain form that posts: works before and without JavaScript (docs/decisions/002, 003).
export const handle: RouteHandle = { hydrate: false };

/**
 * Opening a sign-in link shows whose account it signs in and a button; nothing is used up and
 * nobody is signed in until that button posts (docs/reliability.md "Hostile user": a foreign page sending a visitor to the
 * attacker's own link must not sign them in as the attacker).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const fields = signInLinkFields(new URL(request.url).searchParams);
  const email = fields.token ? await pendingSignInEmail(db(), fields.token) : null;
  if (!email) throw redirect(LINK_INVALID);
  return { email, fields, messages: loadMessages(languageFromCookieHeader(request.headers.get("Cookie")), ["auth"]) };
}

/** The button: only this POST (its origin checked in server/app.ts) uses the link up and signs in. */
export async function action({ request }: Route.ActionArgs) {
  return consumeSignInLink(request, signInLinkFields(await readForm(request)));
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "auth", "confirmLink.pageTitle")} · Arena LATAM` }, { name: "robots", content: "noindex" }];
}

export default function SignInLinkPage({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("auth");
  const { email, fields } = loaderData;
  return (
    <section className="mx-auto max-w-md px-4 py-14" data-testid="sign-in-link-page">
      <h1 className="text-3xl font-extrabold">{t("confirmLink.title")}</h1>
      <p className="mt-2 text-slate-400">
        {t("confirmLink.intro")}{" "}
        <strong className="break-all text-slate-100" data-testid="sign-in-email">
          {email}
        </strong>
      </p>
      <form method="post" className="mt-6 flex flex-col gap-3" data-sending={t("confirmLink.sending")}>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className={buttonClass("primary", "md", "break-all")} data-testid="confirm-sign-in">
          {t("confirmLink.submit", { email })}
        </button>
      </form>
      <p className="mt-6 text-sm text-slate-400">{t("confirmLink.notYou")}</p>
    </section>
  );
}
