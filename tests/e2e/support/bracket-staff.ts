import type { Page } from "@playwright/test";
import { expect } from "./test";
import { noSidewaysScroll } from "./phone";

/** Staff decide the first ready match of a tournament's bracket (side 1 wins 1–0); false when none is left. */
export async function decideNextMatch(staff: Page, tournamentId: string): Promise<boolean> {
  await staff.goto(`/tournaments/${tournamentId}/bracket`);
  const ready = staff.locator('[data-status="ready"]');
  if ((await ready.count()) === 0) return false;
  await ready.first().click();
  await staff.getByTestId("staff-score1").fill("1");
  await staff.getByTestId("staff-score2").fill("0");
  await staff.getByTestId("staff-result").click();
  await expect(staff.getByTestId("match-done")).toBeVisible();
  await noSidewaysScroll(staff);
  return true;
}
