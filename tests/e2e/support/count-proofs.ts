// Opens a stopped server's data directory and prints its payment proofs as JSON (graceful-shutdown.spec.ts).
// Usage: tsx tests/e2e/support/count-proofs.ts <dataDir>
import { paymentProofs } from "~/db/schema";
import { openDatabase } from "~/lib/db.server";

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: count-proofs <dataDir>");
const handle = await openDatabase({ dataDir });
const rows = await handle.db.select({ orderId: paymentProofs.orderId, fileKey: paymentProofs.fileKey }).from(paymentProofs);
await handle.close();
console.log(JSON.stringify(rows));
