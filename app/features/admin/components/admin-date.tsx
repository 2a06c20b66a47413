import { useFormat } from "~/lib/use-format";

/** A date and time in the platform's time zone, formatted the same on server and browser. */
export function AdminDateTime({ value }: { value: Date | string; language?: "es" | "en" }) {
  const format = useFormat();
  return <time dateTime={typeof value === "string" ? value : value.toISOString()}>{format.dateTime(value)}</time>;
}
