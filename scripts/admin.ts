// `npm run admin -- grant <email>` / `revoke <email>` / `list`: staff rights, the only way to set them.
// Reads the same settings as `npm start` (the environment, then `.env`). With the embedded PGlite
// database it refuses while the server has the data directory open (one process per directory),
// and never creates a new, empty database by mistake.
import fs from "node:fs";
import path from "node:path";
import { emailSchema } from "~/domain/email";
import { grantStaff, listStaff, revokeStaff } from "~/features/admin/staff.server";
import { DatabaseInUseError, openDatabase } from "~/lib/db.server";
import { EnvError, parseEnv } from "~/lib/env.server";
import { loadEnvFile } from "./load-env.mjs";

const envFile = loadEnvFile();

const USAGE = "usage: npm run admin -- grant <email> | revoke <email> | list";
const [command, email] = process.argv.slice(2);

if (!command || !["grant", "revoke", "list"].includes(command) || (command !== "list" && !email)) {
  console.error(USAGE);
  process.exit(2);
}
if (email && !emailSchema.safeParse(email).success) {
  console.error(`Not an e-mail address: ${email}`);
  process.exit(2);
}

let config;
try {
  config = parseEnv(process.env);
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
}

if (!config.DATABASE_URL && !fs.existsSync(path.join(config.dataDir, "pglite"))) {
  console.error(
    `No database in ${config.dataDir} (DATA_DIR=${process.env.DATA_DIR ?? "unset, default data"}${envFile ? `, settings from ${envFile}` : ", no .env file"}).\n` +
      "Run this from the directory where the server runs (npm start creates the database on its first start), " +
      "or set DATA_DIR (or DATABASE_URL) to the server's.",
  );
  process.exit(1);
}

let handle;
try {
  handle = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
} catch (error) {
  if (error instanceof DatabaseInUseError) {
    console.error(`Refused: ${error.message}\nNothing was changed.`);
    process.exit(1);
  }
  throw error;
}
try {
  if (command === "grant") {
    const { created } = await grantStaff(handle.db, email!);
    console.log(`${email} is now staff${created ? " (account created; they sign in with this address)" : ""}.`);
  } else if (command === "revoke") {
    console.log((await revokeStaff(handle.db, email!)) ? `${email} is no longer staff.` : `No account for ${email}.`);
  } else {
    const staff = await listStaff(handle.db);
    console.log(staff.length ? staff.join("\n") : "No staff yet.");
  }
} finally {
  await handle.close();
}
