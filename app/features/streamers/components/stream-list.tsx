import { DataAttr, dataAttr } from "~/browser/attributes";
import playerScript from "~/browser/player-facade?inline-script";
import { InlineScript } from "~/components/inline-script";
import { useTranslation } from "~/lib/i18n-react";
import type { StreamView } from "../streams.server";
import { LiveBadge } from "./live-badge";

/**
 * A light card for a stream or a recording: the channel's name and a play button, no thumbnail. It is a
 * link to the channel; the player module (app/browser/player-facade.ts) turns a click into the provider's
 * official player, so nothing of the player loads until someone asks. Without a player (TikTok) it links out.
 */
export function PlayerFacade({
  href,
  embedUrl,
  label,
  title,
  testId,
}: {
  href: string;
  embedUrl: string | null;
  label: string;
  title: string;
  testId: string;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-lg border border-slate-700 bg-slate-950 p-4 text-center hover:border-cyan-400 focus-visible:border-cyan-400"
      data-testid={testId}
      {...dataAttr(DataAttr.player, embedUrl)}
      {...dataAttr(DataAttr.playerTitle, embedUrl ? title : null)}
    >
      <span aria-hidden="true" className="flex h-14 w-14 items-center justify-center rounded-full bg-cyan-500 text-2xl text-slate-950">
        ▶
      </span>
      <span className="font-semibold break-all text-slate-100">{label}</span>
    </a>
  );
}

/** The streams of a tournament or a match, each behind a click-to-load player; nothing when there are none. */
export function StreamList({ streams, heading, testId = "streams" }: { streams: StreamView[]; heading: string; testId?: string }) {
  const { t } = useTranslation("streamers");
  if (streams.length === 0) return null;
  return (
    <section
      className="mt-6 rounded-2xl border border-slate-800 bg-arena-panel p-5"
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
    >
      <h2 id={`${testId}-title`} className="text-lg font-bold">
        {heading}
      </h2>
      <ul className="mt-3 flex flex-col gap-4">
        {streams.map((stream) => {
          const platform = t(`platforms.${stream.platform}`);
          return (
            <li key={stream.id} data-testid="stream" data-platform={stream.platform}>
              <p className="mb-2 flex flex-wrap items-center gap-2 text-sm">
                <span className="font-semibold text-slate-200">{t(`streams.kind.${stream.kind}`)}</span>
                <span className="text-slate-400">· {platform}</span>
                {stream.streamer ? (
                  <a href={`/streamers/${stream.streamer.handle}`} className="inline-flex min-h-6 items-center text-cyan-300 underline">
                    @{stream.streamer.handle}
                  </a>
                ) : null}
                {stream.streamer?.live ? <LiveBadge testId="stream-live" /> : null}
              </p>
              <PlayerFacade
                href={stream.url}
                embedUrl={stream.embedUrl}
                label={stream.embedUrl ? t("streams.play", { name: stream.name }) : t("streams.open", { name: stream.name, platform })}
                title={t("streams.playerTitle", { name: stream.name, platform })}
                testId="stream-facade"
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The player module: once per page that shows a player card (the page renders it, not each block). */
export function PlayerScript() {
  return <InlineScript source={playerScript} />;
}
