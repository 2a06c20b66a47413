import { data } from "react-router";
import { NotFound } from "~/components/layout/not-found";
import { log } from "~/lib/log.server";
import { metaText } from "~/lib/meta";
import type { Route } from "./+types/not-found";

export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  // SPEC §8: a 404 logs the path.
  log.warn("404 not found", { path: pathname });
  return data(null, { status: 404 });
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `404 · ${metaText(matches, "common", "notFound.title")} · Arena LATAM` }, { name: "robots", content: "noindex" }];
}

export default function NotFoundRoute() {
  return <NotFound />;
}
