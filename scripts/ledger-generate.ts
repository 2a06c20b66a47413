// `npm run ledger:generate -- <entries>`: fills the ledger with synthetic, balanced movements (prizes
// to wallets, withdrawals and their payment, adjustments) in bulk SQL, to measure
// `npm run ledger:reconcile` on a large ledger (e.g. 1,000,000 entries). Refuses a database whose
// name does not contain "test" or "bench" unless it is the embedded one.
import { sql } from "drizzle-orm";
import { openDatabase } from "~/lib/db.server";
import { parseEnv } from "~/lib/env.server";
import { loadEnvFile } from "./load-env.mjs";

loadEnvFile();
const config = parseEnv(process.env);
const wanted = Number(process.argv[2] ?? 1_000_000);
if (!Number.isInteger(wanted) || wanted < 2) {
  console.error("usage: npm run ledger:generate -- <number of entries, e.g. 1000000>");
  process.exit(2);
}
if (config.DATABASE_URL && !/test|bench/i.test(new URL(config.DATABASE_URL).pathname)) {
  console.error("Refused: the generator writes synthetic money; use a database whose name contains test or bench.");
  process.exit(2);
}
const handle = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
const people = 10_000;
const transactions = Math.floor(wanted / 2);
const started = performance.now();
try {
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into users (id, email, name)
      select 'gen-' || n, 'gen-' || n || '@example.test', 'Gen ' || n from generate_series(1, ${people}) n
      on conflict do nothing`);
    await tx.execute(sql`
      insert into ledger_accounts (id, kind, user_id, currency)
      select 'user:gen-' || n || ':' || c, 'user', 'gen-' || n, c from generate_series(1, ${people}) n, (values ('USD'), ('VES')) v(c)
      union all
      select k || ':' || c, k, null, c from (values ('prizes'), ('adjustments'), ('bank'), ('fees')) a(k), (values ('USD'), ('VES')) v(c)
      on conflict do nothing`);
    // Each movement: a credit to a wallet (a prize or an adjustment) against its platform account.
    await tx.execute(sql`
      insert into ledger_transactions (id, kind, idempotency_key, subject_id)
      select 'gen-tx-' || n, case when n % 5 = 0 then 'adjustment' else 'prize' end, 'gen:' || n, null
      from generate_series(1, ${transactions}) n`);
    await tx.execute(sql`
      insert into ledger_entries (transaction_id, account_id, currency, amount)
      select 'gen-tx-' || n, 'user:gen-' || (n % ${people} + 1) || ':' || (case when n % 3 = 0 then 'VES' else 'USD' end),
             case when n % 3 = 0 then 'VES' else 'USD' end, 100 + n % 9900
      from generate_series(1, ${transactions}) n
      union all
      select 'gen-tx-' || n, (case when n % 5 = 0 then 'adjustments' else 'prizes' end) || ':' || (case when n % 3 = 0 then 'VES' else 'USD' end),
             case when n % 3 = 0 then 'VES' else 'USD' end, -(100 + n % 9900)
      from generate_series(1, ${transactions}) n`);
    // The cached balances, as the ledger's writer would have left them.
    await tx.execute(sql`
      update ledger_accounts a set balance = s.sum
      from (select account_id, sum(amount) as sum from ledger_entries group by account_id) s
      where s.account_id = a.id`);
  });
  await handle.db.execute(sql`analyze ledger_entries`);
  console.log(`Generated ${transactions * 2} entries (${transactions} transactions) in ${Math.round(performance.now() - started)} ms.`);
} finally {
  await handle.close();
}
