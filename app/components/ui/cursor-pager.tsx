import { ButtonLink } from "./button";

/** One neighbouring page: where it is and what its link says. */
export interface PagerLink {
  href: string;
  text: string;
}

/**
 * Previous / next links of a list paged by cursor (app/domain/page-cursor.ts): there are no page
 * numbers, only the pages beside this one. Nothing is shown when the list fits one page.
 */
export function CursorPager({ label, previous, next }: { label: string; previous: PagerLink | null; next: PagerLink | null }) {
  if (!previous && !next) return null;
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-between gap-3">
      {previous ? (
        <ButtonLink to={previous.href} variant="secondary" size="sm" rel="prev" data-testid="previous-page">
          {previous.text}
        </ButtonLink>
      ) : (
        <span />
      )}
      {next ? (
        <ButtonLink to={next.href} variant="secondary" size="sm" rel="next" data-testid="next-page">
          {next.text}
        </ButtonLink>
      ) : null}
    </nav>
  );
}
