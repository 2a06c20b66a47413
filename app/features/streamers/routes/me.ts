import { redirect } from "react-router";
import { requireUser } from "~/features/auth/session.server";
import { db } from "~/lib/db.server";
import { findMine } from "../streamers.server";
import type { Route } from "./+types/me";

/** "My streamer page": an approved streamer's own page (with the "I'm live" switch), else the application. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const mine = await findMine(db(), user.id);
  return redirect(mine?.status === "approved" ? `/streamers/${mine.handle}` : "/streamers/apply");
}
