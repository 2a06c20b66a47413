import { databaseAnswers, type Database } from "./db.server";
import type { FileStorage } from "./storage.server";

export interface Readiness {
  ready: boolean;
  database: boolean;
  storage: boolean;
}

/** Whether this instance can serve: its database and its receipt storage both answer (GET /readyz). */
export async function readiness(database: () => Database, storage: () => FileStorage): Promise<Readiness> {
  const [databaseOk, storageOk] = await Promise.all([
    Promise.resolve()
      .then(() => databaseAnswers(database()))
      .catch(() => false),
    Promise.resolve()
      .then(() => storage().answers())
      .catch(() => false),
  ]);
  return { ready: databaseOk && storageOk, database: databaseOk, storage: storageOk };
}
