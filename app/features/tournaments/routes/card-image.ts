import { data } from "react-router";
import { readCardImage } from "~/features/admin/card-images.server";
import type { Route } from "./+types/card-image";

/** Tournament card images uploaded in the back-office (public, like the cards that show them). */
export async function loader({ params }: Route.LoaderArgs) {
  const bytes = await readCardImage(params.file);
  if (!bytes) throw data(null, { status: 404 });
  return new Response(new Uint8Array(bytes), {
    headers: { "Content-Type": "image/webp", "Cache-Control": "public, max-age=31536000, immutable", "X-Content-Type-Options": "nosniff" },
  });
}
