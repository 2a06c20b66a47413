import { formatDateTime } from "../order-decisions";

/** A date and time in the platform's time zone, formatted the same on server and browser. */
export function AdminDateTime({ value, language }: { value: Date | string; language: "es" | "en" }) {
  const text = formatDateTime(value, language);
  return <time dateTime={typeof value === "string" ? value : value.toISOString()}>{text}</time>;
}
