import { migratedTemplate } from "./app-server";

/**
 * Runs once, before any worker starts: the migrated database every extra app server copies
 * (support/app-server.ts). Made here, each worker's first server would make its own at the same
 * moment as the others and the shared server, four migrations at once on two cores.
 */
export default function globalSetup() {
  migratedTemplate();
}
