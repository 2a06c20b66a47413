import { useTranslation } from "~/lib/i18n-react";
import { useFormat } from "~/lib/use-format";
import type { RecordingView } from "../streams.server";
import { PlayerFacade } from "./stream-list";

/**
 * A finished tournament's recordings: Plus members watch them for 48 hours after the event, then everyone
 * if the organizer chose so (core/streams.ts replayAccess). Locked: a lock, how many there are and the way to Plus.
 */
export function Replays({
  replays,
}: {
  replays: { state: "open" | "members_only"; until: string | null; recordings: RecordingView[]; count: number } | null;
}) {
  const { t } = useTranslation("streamers");
  const format = useFormat();
  if (!replays) return null;
  return (
    <section className="mt-6 rounded-2xl border border-slate-800 bg-arena-panel p-5" aria-labelledby="replays-title" data-testid="replays">
      <h2 id="replays-title" className="text-lg font-bold">
        {t("replays.title")}
      </h2>
      {replays.state === "open" ? (
        <ul className="mt-3 flex flex-col gap-4">
          {replays.recordings.map((recording, index) => {
            const platform = t(`platforms.${recording.platform}`);
            const name = recording.title || t("replays.numbered", { n: index + 1 });
            return (
              <li key={recording.id} data-testid="replay">
                <PlayerFacade
                  href={recording.url}
                  embedUrl={recording.embedUrl}
                  label={t("replays.play", { name })}
                  title={t("streams.playerTitle", { name, platform })}
                  testId="replay-facade"
                />
              </li>
            );
          })}
        </ul>
      ) : (
        <div className="mt-3 rounded-lg border border-amber-500/40 bg-amber-500/10 p-4" data-testid="replays-locked">
          <p className="font-semibold text-amber-100">
            <span aria-hidden="true">🔒 </span>
            {t("replays.locked", { count: replays.count })}
          </p>
          <p className="mt-1 text-sm text-amber-100/90">
            {replays.until ? t("replays.opensAt", { time: format.dateTime(replays.until) }) : t("replays.membersOnly")}
          </p>
          <a
            href="/plus"
            className="mt-3 inline-flex min-h-11 items-center rounded-lg bg-amber-400 px-4 font-semibold text-slate-950"
            data-testid="replays-plus"
          >
            {t("replays.join")}
          </a>
        </div>
      )}
    </section>
  );
}
