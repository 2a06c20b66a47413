/** Geometry of the back-office's server-rendered SVG charts (pure: tested without a browser). */

/** A "nice" axis maximum at or above the value: 1, 2, 2.5 or 5 times a power of ten. */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

export interface Bar {
  label: string;
  value: number;
  /** 0–1 share of the axis. */
  share: number;
}

/** Bars scaled against a nice maximum; negative or missing values count as zero. */
export function scaleBars(data: readonly { label: string; value: number }[]): { max: number; bars: Bar[] } {
  const max = niceMax(Math.max(0, ...data.map((item) => item.value)));
  return { max, bars: data.map((item) => ({ label: item.label, value: Math.max(0, item.value), share: Math.max(0, item.value) / max })) };
}

/** The `count` days ending on `today` (YYYY-MM-DD), oldest first: a chart's window in the platform's calendar. */
export function lastDays(today: string, count: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) => new Date(end - (count - 1 - index) * 86_400_000).toISOString().slice(0, 10));
}
