// `npm run admin -- grant <email>` / `revoke <email>` / `list`: staff rights, the only way to set them.
// With the embedded PGlite database, stop the server first (one process per data directory).
import { emailSchema } from "~/domain/email";
import { grantStaff, listStaff, revokeStaff } from "~/features/admin/staff.server";
import { openDatabase } from "~/lib/db.server";
import { EnvError, parseEnv } from "~/lib/env.server";

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

const handle = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
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
