/** Reads `.env` (or ENV_FILE) into process.env without overriding set variables; the file read, or null. */
export function loadEnvFile(file?: string): string | null;
