import { useMemo, type ReactNode } from "react";
import { I18nProvider, useTranslation } from "~/lib/i18n-react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useMatches,
  useRouteLoaderData,
  type LinksFunction,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { Footer } from "./components/layout/footer";
import { TopBar } from "./components/layout/top-bar";
import { NotFound } from "./components/layout/not-found";
import { TOAST_DURATION_MS, ToastProvider } from "./components/ui/toast";
import { DEFAULT_LANGUAGE, languageFromCookieHeader, type Language } from "./domain/language";
import { NOTICES, parseNotice } from "./domain/notices";
import { getCurrentUser, isPlusMember } from "./features/auth/session.server";
import { CartButton } from "./features/store/components/cart-button";
import { i18nFor } from "./lib/i18n";
import { env } from "./lib/env.server";
import { loadMessages } from "./lib/messages.server";
import { useNonce } from "./lib/nonce";
import pageScript from "./browser/page?inline-script";
import { DataAttr, dataAttr } from "./browser/attributes";
import { InlineScript } from "./components/inline-script";

/** A route whose `handle` says `{ hydrate: false }` is served as plain HTML, without the React runtime. */
export interface RouteHandle {
  hydrate?: boolean;
  /** Store pages show the cart button in the top bar (SPEC §2). */
  cart?: boolean;
  /** A page shown inside another program (the streamer's OBS overlay): no top bar, no footer, a transparent background. */
  bare?: boolean;
}

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const cookieHeader = request.headers.get("Cookie");
  const language = languageFromCookieHeader(cookieHeader);
  const user = await getCurrentUser(request);
  const plus = user ? await isPlusMember(user.id) : false;
  return {
    language,
    user: user ? { name: user.name, email: user.email, isStaff: user.isStaff, plus } : null,
    notice: parseNotice(new URL(request.url).searchParams.get("notice")),
    storeOpen: env().STORE_OPEN,
    /** Every date is written in the platform's zone, on both sides (app/domain/format.ts). */
    timeZone: env().TIME_ZONE,
    messages: loadMessages(language, ["common"]),
  };
}

// Language and session change only through full navigations (a language link, sign-in),
// so client-side navigations do not need to ask for the root data again.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const matches = useMatches();
  const hydrate = !matches.some((match) => (match.handle as RouteHandle | undefined)?.hydrate === false);
  const bare = matches.some((match) => (match.handle as RouteHandle | undefined)?.bare === true);
  const language: Language = data?.language ?? DEFAULT_LANGUAGE;
  const nonce = useNonce() || undefined;
  const i18n = useMemo(() => i18nFor(language, data?.messages ?? {}), [language, data?.messages]);
  const initialToasts = useMemo(() => {
    if (!data?.notice) return [];
    const notice = NOTICES[data.notice];
    return [
      { kind: notice.kind, title: i18n.t(notice.title), message: i18n.t(notice.message), durationMs: TOAST_DURATION_MS[notice.kind] },
    ];
  }, [data?.notice, i18n]);

  return (
    <html lang={language} className="dark" {...dataAttr(DataAttr.withoutReact, !hydrate)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#070b17" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-arena-bg font-sans text-slate-100 antialiased" {...dataAttr(DataAttr.bare, bare)}>
        <I18nProvider i18n={i18n}>
          <ToastProvider initial={initialToasts}>{children}</ToastProvider>
        </I18nProvider>
        <InlineScript source={pageScript} />
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const matches = useMatches();
  const showCart = matches.some((match) => (match.handle as RouteHandle | undefined)?.cart === true);
  if (matches.some((match) => (match.handle as RouteHandle | undefined)?.bare === true)) return <Outlet />;
  return (
    <div className="flex min-h-screen flex-col">
      <TopBar
        user={loaderData.user}
        language={loaderData.language}
        storeOpen={loaderData.storeOpen}
        cartButton={showCart ? <CartButton /> : null}
      />
      <main id="content" className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const data = useRouteLoaderData<typeof loader>("root");
  const page =
    isRouteErrorResponse(error) && error.status === 404 ? (
      <>
        {/* A route that failed gives no meta: the page still has a title (React hoists it into <head>). */}
        <title>{`${t("notFound.title")} · Arena LATAM`}</title>
        <NotFound />
      </>
    ) : (
      <section className="mx-auto max-w-xl px-6 py-24 text-center">
        <title>{`${t("error.unexpected", "Unexpected Application Error")} · Arena LATAM`}</title>
        <h1 className="text-3xl font-bold">{t("error.unexpected", "Unexpected Application Error")}</h1>
        <p className="mt-4 text-slate-300">
          {isRouteErrorResponse(error) && error.status === 400 ? t("error.badRequest", "") : t("error.message", "")}
        </p>
        <a href="/" className="mt-8 inline-block rounded-lg bg-cyan-500 px-5 py-3 font-semibold text-slate-950 hover:bg-cyan-400">
          {t("error.back", "/")}
        </a>
      </section>
    );
  return (
    <div className="flex min-h-screen flex-col">
      <TopBar
        user={data?.user ?? null}
        language={data?.language ?? DEFAULT_LANGUAGE}
        storeOpen={data?.storeOpen ?? true}
        cartButton={null}
      />
      <main id="content" className="flex-1">
        {page}
      </main>
      <Footer />
    </div>
  );
}
