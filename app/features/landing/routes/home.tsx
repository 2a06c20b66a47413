import type { RouteHandle } from "~/root";
import { useRouteMessages } from "~/lib/use-route-messages";
import { loadMessages } from "~/lib/messages.server";
import { metaText } from "~/lib/meta";
import { CallToAction } from "../components/call-to-action";
import { Hero } from "../components/hero";
import { SharedSections } from "../components/shared-sections";
import { LANDING_KEEP_MS, landingView } from "../landing.server";
import { env } from "~/lib/env.server";
import { renderMarkup, sharedMarkup } from "~/lib/shared-markup.server";
import type { Route } from "./+types/home";

// Served as plain HTML: the landing page needs no React runtime (docs/decisions/002).
export const handle: RouteHandle = { hydrate: false };

export async function loader({ request }: Route.LoaderArgs) {
  const view = await landingView(request);
  const { language, loggedIn, plus } = view;
  const messages = loadMessages(language, ["landing"]);
  // The cards, features, streamers and Plus sections look the same to everybody of a language who is (or is not)
  // signed in and a member: rendered once per copy of the shared reads, at most LANDING_KEEP_MS old as the cards'
  // state follows the clock (decision 009, lib/shared-markup.server.tsx).
  const sections = await sharedMarkup(
    `landing:${language}:${loggedIn}:${plus}`,
    [view.tournaments, view.featured],
    () =>
      renderMarkup(
        <SharedSections
          tournaments={view.tournaments}
          streamers={view.streamers}
          loggedIn={loggedIn}
          plus={plus}
          now={new Date().toISOString()}
        />,
        { language, messages: loadMessages(language, ["common", "landing"]), timeZone: env().TIME_ZONE, url: request.url },
      ),
    { keepMs: LANDING_KEEP_MS },
  );
  return { hero: view.hero, loggedIn, sections, messages };
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: metaText(matches, "landing", "title") },
    { name: "description", content: metaText(matches, "common", "meta.description") },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { loggedIn } = loaderData;
  return (
    <div data-testid="landing">
      <Hero loggedIn={loggedIn} live={loaderData.hero} />
      {/* Rendered by the loader from the page's own components (SharedSections), kept for everybody alike. */}
      <div dangerouslySetInnerHTML={{ __html: loaderData.sections }} />
      <CallToAction loggedIn={loggedIn} />
    </div>
  );
}
