import { data } from "react-router";
import { readGameArt } from "~/features/admin/game-art.server";
import type { Route } from "./+types/game-art";

/** Game icons and banners uploaded in the back-office (public, like the store that shows them). */
export async function loader({ params }: Route.LoaderArgs) {
  const bytes = await readGameArt(params.file);
  if (!bytes) throw data(null, { status: 404 });
  return new Response(new Uint8Array(bytes), {
    headers: { "Content-Type": "image/webp", "Cache-Control": "public, max-age=31536000, immutable", "X-Content-Type-Options": "nosniff" },
  });
}
