import type { ComponentProps } from "react";
import { Replays } from "~/features/streamers/components/replays";
import { PlayerScript, StreamList } from "~/features/streamers/components/stream-list";
import { useTranslation } from "~/lib/i18n-react";

/**
 * The tournament's streams and replays, below the part of the page the live page module swaps, so an
 * opened player keeps playing through updates. The player script only when there is a player to open.
 */
export function StreamsAndReplays({
  streams,
  replays,
}: {
  streams: ComponentProps<typeof StreamList>["streams"];
  replays: ComponentProps<typeof Replays>["replays"];
}) {
  const { t } = useTranslation("tournaments");
  if (streams.length === 0 && !replays) return null;
  return (
    <div className="mx-auto max-w-3xl px-4 pb-10">
      <StreamList streams={streams} heading={t("streamers:streams.title")} />
      <Replays replays={replays} />
      {streams.length > 0 || replays?.state === "open" ? <PlayerScript /> : null}
    </div>
  );
}
