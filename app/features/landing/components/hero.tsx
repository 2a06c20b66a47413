import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n-react";
import { Link } from "react-router";
import { useToast } from "~/components/ui/toast";
import { DataAttr, dataAttr } from "~/browser/attributes";
import heroVideoScript from "~/browser/hero-video?inline-script";
import { InlineScript } from "~/components/inline-script";

export const primaryButton = buttonClass("primary", "md", "shadow-lg shadow-cyan-500/20");
export const secondaryButton = buttonClass("secondary", "md");

/** SPEC §4 get-started: visitors go to /auth; a signed-in user is told they already are. */
export function GetStartedLink({ loggedIn, label, className }: { loggedIn: boolean; label: string; className: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  if (!loggedIn) {
    return (
      <Link to="/auth" className={className} data-testid="get-started">
        {label}
      </Link>
    );
  }
  return (
    <a
      href="/?notice=already-logged-in"
      className={className}
      data-testid="get-started"
      onClick={(event) => {
        event.preventDefault();
        toast.info({ title: t("notice.attention"), message: t("notice.alreadyLoggedIn") });
      }}
    >
      {label}
    </a>
  );
}

/**
 * The landing's pair of actions (hero and closing call): get started, then a second action that
 * sends a visitor to /auth and, for a signed-in user, goes to `signedInHref` or, without one, does
 * nothing (SPEC §4: schedule-demo).
 */
export function LandingActions(props: {
  loggedIn: boolean;
  getStarted: string;
  second: { label: string; testId: string; signedInHref?: string };
  className: string;
}) {
  const { loggedIn, second } = props;
  let secondAction;
  if (!loggedIn) {
    secondAction = (
      <Link to="/auth" className={secondaryButton} data-testid={second.testId}>
        {second.label}
      </Link>
    );
  } else if (second.signedInHref) {
    secondAction = (
      <a href={second.signedInHref} className={secondaryButton} data-testid={second.testId}>
        {second.label}
      </a>
    );
  } else {
    secondAction = (
      <button type="button" className={secondaryButton} data-testid={second.testId}>
        {second.label}
      </button>
    );
  }
  return (
    <div className={props.className}>
      <GetStartedLink loggedIn={loggedIn} label={props.getStarted} className={primaryButton} />
      {secondAction}
    </div>
  );
}

/** A live featured stream for the hero's badge: whose page it links to, and the viewers already written short (null: unknown). */
export interface HeroLiveView {
  handle: string;
  viewers: string | null;
}

export function Hero({ loggedIn, live }: { loggedIn: boolean; live: HeroLiveView | null }) {
  const { t } = useTranslation("landing");
  const badge = (
    <>
      <span className="h-2 w-2 rounded-full bg-white motion-safe:animate-pulse" aria-hidden="true" />
      {t("hero.live")}
    </>
  );
  const badgeClass = "inline-flex items-center gap-1.5 rounded bg-rose-600 px-2 py-1 tracking-wider uppercase";
  return (
    <section className="relative isolate overflow-hidden border-b border-slate-800" aria-labelledby="hero-title">
      <div className="absolute inset-0 -z-10">
        {/* No autoplay: app/browser/hero-video.ts starts it unless less motion or less data is asked for. */}
        <video
          className="h-full w-full object-cover opacity-50"
          muted
          loop
          playsInline
          preload="none"
          poster="/media/hero-poster.webp"
          aria-label={t("hero.videoLabel")}
          data-testid="hero-video"
          {...dataAttr(DataAttr.heroVideo)}
        >
          <source src="/media/hero.webm" type="video/webm" />
          <source src="/media/hero.mp4" type="video/mp4" />
        </video>
        <div className="absolute inset-0 bg-gradient-to-b from-arena-bg/30 via-arena-bg/70 to-arena-bg" />
      </div>
      <button
        type="button"
        hidden
        className="absolute right-3 bottom-3 flex h-11 w-11 items-center justify-center rounded-full border border-slate-600 bg-slate-950/80 text-slate-100 hover:border-cyan-400 focus-visible:border-cyan-400"
        aria-label={t("hero.playVideo")}
        data-testid="hero-video-toggle"
        {...dataAttr(DataAttr.heroVideoToggle)}
        {...dataAttr(DataAttr.pauseLabel, t("hero.pauseVideo"))}
        {...dataAttr(DataAttr.playLabel, t("hero.playVideo"))}
      >
        <span aria-hidden="true" className="hero-video-icon" />
      </button>
      <InlineScript source={heroVideoScript} />
      <div className="mx-auto max-w-7xl px-4 py-20 sm:py-28">
        <div className="flex flex-wrap items-center gap-2 text-xs font-bold">
          {live ? (
            <a
              href={`/streamers/${live.handle}`}
              className={`${badgeClass} min-h-6 hover:bg-rose-500`}
              aria-label={t("hero.liveLink", { handle: live.handle })}
              data-testid="live-badge"
            >
              {badge}
            </a>
          ) : (
            <span className={badgeClass} data-testid="live-badge">
              {badge}
            </span>
          )}
          {!live || live.viewers !== null ? (
            <span className="rounded bg-slate-900/80 px-2 py-1 text-slate-200" data-testid="viewer-count">
              {t("hero.viewers", { viewers: live?.viewers ?? t("hero.viewerCount") })}
            </span>
          ) : null}
          <span className="rounded bg-purple-600/90 px-2 py-1 tracking-wider uppercase" data-testid="finals-badge">
            {t("hero.finals")}
          </span>
        </div>
        <h1 id="hero-title" className="mt-6 max-w-3xl text-4xl leading-tight font-black tracking-tight sm:text-6xl">
          {t("hero.title")}
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-slate-300">{t("hero.subtitle")}</p>
        <LandingActions
          loggedIn={loggedIn}
          getStarted={t("hero.getStarted")}
          second={{ label: t("hero.browse"), testId: "browse-tournaments", signedInHref: "#tournaments" }}
          className="mt-8 flex flex-wrap gap-3"
        />
      </div>
    </section>
  );
}
