/**
 * Store packages and the order lines copied from them have a Spanish name (`label`, always there)
 * and may have an English one (`labelEn`). This is the one place that decides which one a person reads.
 */
export interface LabelledInLanguages {
  label: string;
  labelEn?: string | null;
}

/** The English name on an English page when there is one; the Spanish name otherwise (Spanish pages, no English name). */
export function labelFor(item: LabelledInLanguages, language: string): string {
  const english = item.labelEn?.trim();
  return language === "en" && english ? english : item.label;
}

/** An English name as staff typed it: trimmed, and null when empty (the Spanish name is then shown). */
export function englishLabel(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}
