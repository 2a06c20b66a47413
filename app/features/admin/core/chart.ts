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

/** Every day from `from` to `to` (YYYY-MM-DD), so days without sales still get a (zero) column. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`) && days.length < 400; at += 86_400_000)
    days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}
