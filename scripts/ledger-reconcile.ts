// `npm run ledger:reconcile`: checks the wallet's ledger (docs/decisions/014-wallet-ledger.md) and
// prints the report: the sum of every currency's entries (must be 0), accounts whose cached balance
// differs from the sum of their entries, unbalanced transactions, wallets below zero, and payouts in
// transit against the withdrawals still waiting. Exit code 1 when anything is off.
// Reads the same settings as `npm start` (DATABASE_URL, or the embedded database under DATA_DIR).
import { reconcile, reconciled } from "~/features/wallet/ledger.server";
import { DatabaseInUseError, openDatabase } from "~/lib/db.server";
import { EnvError, parseEnv } from "~/lib/env.server";
import { loadEnvFile } from "./load-env.mjs";

loadEnvFile();
let config;
try {
  config = parseEnv(process.env);
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
}
let handle;
try {
  handle = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
} catch (error) {
  if (error instanceof DatabaseInUseError) {
    console.error(`Refused: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
try {
  const started = performance.now();
  const report = await reconcile(handle.db);
  const ms = Math.round(performance.now() - started);
  const entries = report.sums.reduce((total, row) => total + row.entries, 0);
  console.log(`Ledger reconciliation: ${entries} entries, ${report.accounts} accounts, ${ms} ms`);
  for (const row of report.sums) console.log(`  ${row.currency}: ${row.entries} entries, sum ${row.sum}${row.sum === 0 ? " ✓" : " ✗"}`);
  console.log(`  cached balance ≠ sum of entries: ${report.differences.length} account(s)`);
  for (const row of report.differences.slice(0, 50))
    console.log(`    ${row.accountId}: cached ${row.cached}, entries ${row.sum}, difference ${row.cached - row.sum}`);
  console.log(`  unbalanced transactions: ${report.unbalancedTransactions}`);
  console.log(`  wallets below zero: ${report.negativeWallets}`);
  for (const row of report.transit)
    console.log(
      `  payouts in transit ${row.currency}: ledger ${row.ledger}, waiting withdrawals ${row.withdrawals}${row.ledger === row.withdrawals ? " ✓" : " ✗"}`,
    );
  const ok = reconciled(report);
  console.log(ok ? "Zero differences." : "DIFFERENCES FOUND.");
  process.exitCode = ok ? 0 : 1;
} finally {
  await handle.close();
}
