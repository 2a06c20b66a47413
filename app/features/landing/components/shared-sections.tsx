import type { TournamentCard } from "~/features/tournaments/tournaments.server";
import { Features } from "./features";
import { PlusBenefits } from "./plus-benefits";
import { Streamers, type FeaturedStreamer } from "./streamers";
import { TournamentGrid } from "./tournament-grid";

/**
 * The landing's middle sections: the same for every visitor of a language who is (or is not) signed
 * in and a Plus member, so the loader renders them once per shared read (lib/shared-markup.server.tsx).
 * The page is never hydrated (decision 002), so nothing is ever "loading" here.
 */
export function SharedSections(props: {
  tournaments: TournamentCard[];
  streamers: FeaturedStreamer[];
  loggedIn: boolean;
  plus: boolean;
  now: string;
}) {
  return (
    <>
      <TournamentGrid tournaments={props.tournaments} loggedIn={props.loggedIn} plus={props.plus} now={props.now} loading={false} />
      <Features />
      <Streamers featured={props.streamers} />
      <PlusBenefits />
    </>
  );
}
