// Accounts for e2e seed scripts: verified, profile complete, Spanish unless told, staff where told.
import { randomUUID } from "node:crypto";
import { competitionCheckIns, registrations, users } from "~/db/schema";
import type { Database } from "~/lib/db.server";

export interface SeedPersonOptions {
  isStaff?: boolean;
  language?: "es" | "en";
  age?: number;
  /** When the account was made (the default is now); withdrawal rules read an account's age. */
  createdAt?: Date;
}

/** Creates one account ready to use (verified, profile complete) and returns its id. */
export async function seedPerson(db: Database, email: string, name: string, options: SeedPersonOptions = {}): Promise<string> {
  const id = randomUUID();
  await db.insert(users).values({
    id,
    email,
    emailVerified: true,
    name,
    age: options.age ?? 22,
    favoriteGame: "free-fire",
    language: options.language ?? "es",
    isStaff: options.isStaff ?? false,
    profileCompletedAt: new Date(),
    ...(options.createdAt ? { createdAt: options.createdAt } : {}),
  });
  return id;
}

/** Creates each [email, name, isStaff] and returns their ids by e-mail. */
export async function seedPeople(db: Database, people: ReadonlyArray<readonly [email: string, name: string, isStaff: boolean]>) {
  const ids: Record<string, string> = {};
  for (const [email, name, isStaff] of people) ids[email] = await seedPerson(db, email, name, { isStaff });
  return ids;
}

/**
 * Enters each team in a tournament as confirmed, its captain made with `captainEmail(team)`; the
 * registration order is the seeding (the first team is seed 1). Checked in where `checkedIn(index)`.
 */
export async function seedConfirmedTeams(
  db: Database,
  tournamentId: string,
  teams: readonly string[],
  captainEmail: (team: string) => string,
  checkedIn: (index: number) => boolean = () => true,
) {
  const now = Date.now();
  for (const [index, team] of teams.entries()) {
    const userId = await seedPerson(db, captainEmail(team), `Capitán ${team}`);
    const registrationId = randomUUID();
    await db.insert(registrations).values({
      id: registrationId,
      tournamentId,
      userId,
      teamName: team,
      phone: "04141234567",
      status: "confirmed",
      createdAt: new Date(now - (teams.length - index) * 1000),
    });
    if (checkedIn(index)) await db.insert(competitionCheckIns).values({ registrationId, tournamentId, userId });
  }
}
