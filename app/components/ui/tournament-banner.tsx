import { useTranslation } from "~/lib/i18n-react";
import { gameRules } from "~/domain/games";

/** The platform's own banner art carries no words: its label and the game's name are written over it here, in the page's language. */
export const BUILT_IN_ART = "/images/tournaments/";

/**
 * A tournament's picture. On the platform's art the label ("Torneo" / "Tournament") and the game's
 * name are page text over the picture: translated, readable by everyone, and wrapped at 360 px
 * instead of cut. A picture staff uploaded is shown as it is.
 */
export function TournamentBanner(props: { image: string; game: string; alt: string; className: string; eager?: boolean; testId?: string }) {
  const { t } = useTranslation("common");
  const builtIn = props.image.startsWith(BUILT_IN_ART);
  return (
    <div className="relative" data-testid={props.testId}>
      <img
        src={props.image}
        alt={props.alt}
        width={640}
        height={360}
        loading={props.eager === false ? "lazy" : "eager"}
        decoding="async"
        className={props.className}
      />
      {builtIn ? (
        <div className="pointer-events-none absolute inset-x-0 bottom-0 p-4 sm:p-6" aria-hidden="true" data-testid="banner-text">
          <p className="text-xs font-bold tracking-[0.3em] text-cyan-300 uppercase">{t("banner.label")}</p>
          <p
            className="mt-1 text-2xl leading-tight font-black break-words text-white uppercase italic drop-shadow sm:text-4xl"
            data-testid="banner-game"
          >
            {gameRules(props.game).name}
          </p>
        </div>
      ) : null}
    </div>
  );
}
