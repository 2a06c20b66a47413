// Opens (creates and migrates) the embedded database in a data directory and closes it: the template
// that app-server.ts copies for each extra server. Usage: tsx tests/e2e/support/migrate-only.ts <dataDir>
import { openDatabase } from "~/lib/db.server";

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: migrate-only <dataDir>");
const handle = await openDatabase({ dataDir });
await handle.close();
