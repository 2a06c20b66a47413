// Reads `.env` (or ENV_FILE) from the working directory into process.env, without overriding a
// variable the environment already sets. Used by `npm start` (server.js) and `npm run admin`, so
// both read the same settings.
import fs from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";

/** Returns the file read, or null when there is none. */
export function loadEnvFile(file = process.env.ENV_FILE ?? ".env") {
  const location = path.resolve(file);
  if (!fs.existsSync(location)) return null;
  const values = parseEnv(fs.readFileSync(location, "utf8"));
  for (const [key, value] of Object.entries(values)) {
    if (process.env[key] === undefined) process.env[key] = value;
  }
  return location;
}
