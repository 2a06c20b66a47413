/**
 * Decision 009: the landing's cards and featured streamers, and the part of a tournament's page that is
 * the same for everybody, are read once per process and shared by every visitor, signed in or not,
 * until a table they come from changes; each person's own state is read per request.
 */
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registrations, tournaments, users } from "~/db/schema";
import { loader as homeLoader } from "~/features/landing/routes/home";
import { landingView } from "~/features/landing/landing.server";
import { loader as tournamentLoader } from "~/features/tournaments/routes/tournament";
import { observeStatements } from "~/lib/db.server";
import { callRoute, getRequest } from "./support/routes";
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { useTestDatabase } from "./test-database";

const handle = useTestDatabase();
let mailer: ReturnType<typeof memoryMailer>;

beforeEach(() => {
  mailer = memoryMailer();
  useTestAuth(handle.db, mailer);
});

afterEach(() => {
  vi.useRealTimers();
});

const T = "copa-compartida";

async function tournament() {
  await handle.db.insert(tournaments).values({
    id: T,
    title: "Copa Compartida",
    game: "free-fire",
    prize: "$50",
    players: ["1"],
    image: "/x.jpg",
    date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
    capacity: 16,
    registrationClosesAt: new Date(Date.now() + 2 * 86_400_000),
    rules: "**Sin** trampas",
  });
}

async function registration(userId: string, teamName: string) {
  await handle.db
    .insert(registrations)
    .values({ id: randomUUID(), tournamentId: T, userId, teamName, phone: "04141234567", status: "confirmed" });
}

/** A write made by another process (a script, another instance): not through this process's query builder, so only the database's notice tells. */
async function writtenElsewhere(statement: string) {
  await (handle.db as unknown as { $client: { query(text: string): Promise<unknown> } }).$client.query(statement);
}

/** The notice of another process's write arrives a moment later (at most 15 s on a loaded machine). */
async function eventually<T>(read: () => Promise<T>, wanted: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let waited = 0; !wanted(value) && waited < 15_000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}

/** The statements the process sends while `run` runs. */
async function statementsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const stop = observeStatements((text) => sent.push(text));
  try {
    await run();
  } finally {
    stop();
  }
  return sent;
}

/**
 * Waits until `read` is served from the shared copy (it sends no statement matching `pattern`): on
 * PostgreSQL the notices of the set-up's own writes arrive a moment after them, and a read they
 * overlap is not kept.
 */
async function settled(read: () => Promise<unknown>, pattern = /./): Promise<void> {
  for (let waited = 0; waited < 15_000; waited += 20) {
    if (!(await statementsDuring(read)).some((text) => pattern.test(text))) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("the shared copy was never kept");
}

const card = async (cookie = "") => (await landingView(getRequest("/", cookie))).tournaments.find((row) => row.id === T)!;
/** The landing's sections as the page puts them (rendered once for everybody alike, lib/shared-markup.server.tsx). */
const sections = async (cookie = "") => (await callRoute<{ sections: string }>(homeLoader, getRequest("/", cookie))).data!.sections;

type Page = {
  tournament: { title: string; placesLeft: number; rulesHtml: string | null } | null;
  registration: { teamName: string } | null;
};
const page = async (cookie: string) => (await callRoute<Page>(tournamentLoader, getRequest(`/tournament?id=${T}`, cookie))).data!;

describe("the landing's shared data", () => {
  it("is read once for every visitor, signed in or not, and a registration this process writes shows at once", async () => {
    await tournament();
    const ana = await signInAs(handle.db, mailer, "ana@example.com");
    expect((await card()).taken).toBe(0);
    await settled(() => card(), /"tournaments"|streamers/);
    // The signed-in landing reads no tournament again (only what is Ana's: nothing on this page but the root's).
    const again = await statementsDuring(() => card(ana.jar.header()));
    expect(again.filter((text) => /"tournaments"|streamers/.test(text))).toEqual([]);
    await registration(ana.userId, "Los Rápidos");
    // No wait: this process dropped its copy as it wrote.
    expect((await card(ana.jar.header())).taken).toBe(1);
    expect((await card()).taken).toBe(1);
  });

  it("follows a change written by another process", async () => {
    await tournament();
    expect((await card()).title).toBe("Copa Compartida");
    expect(await sections()).toContain("Copa Compartida");
    await writtenElsewhere(`update tournaments set title = 'Copa Renombrada' where id = '${T}'`);
    expect((await eventually(card, (now) => now.title !== "Copa Compartida")).title).toBe("Copa Renombrada");
    // The page's markup, kept for everybody, follows the new copy at once.
    expect(await sections()).toContain("Copa Renombrada");
    expect(await sections()).not.toContain("Copa Compartida");
  });

  it("is read again once the cards' clock may have moved, even without a change", async () => {
    await tournament();
    vi.useFakeTimers({ toFake: ["Date"] });
    await settled(() => card());
    expect((await statementsDuring(() => card())).length).toBe(0);
    vi.setSystemTime(Date.now() + 6000);
    expect((await statementsDuring(() => card())).some((text) => text.includes('"tournaments"'))).toBe(true);
  });
});

describe("a tournament page's shared part", () => {
  it("is shared, while each person's registration stays their own", async () => {
    await tournament();
    const ana = await signInAs(handle.db, mailer, "ana@example.com");
    const beto = await signInAs(handle.db, mailer, "beto@example.com");
    expect(await page(beto.jar.header())).toMatchObject({
      registration: null,
      tournament: { placesLeft: 16, rulesHtml: "<p><strong>Sin</strong> trampas</p>" },
    });
    await registration(ana.userId, "Los Rápidos");
    // Ana sees her own registration; Beto, reading the same shared part, sees the place taken and no registration.
    expect(await page(ana.jar.header())).toMatchObject({ registration: { teamName: "Los Rápidos" }, tournament: { placesLeft: 15 } });
    expect(await page(beto.jar.header())).toMatchObject({ registration: null, tournament: { placesLeft: 15 } });
    // Read again by Beto: the tournament itself is not read again, his own state is.
    await settled(() => page(beto.jar.header()), /from "tournaments"/);
    const sent = await statementsDuring(() => page(beto.jar.header()));
    expect(sent.some((text) => text.includes('from "tournaments"'))).toBe(false);
    expect(sent.some((text) => text.includes('from "registrations"'))).toBe(true);
  });

  it("follows a change written by another process", async () => {
    await tournament();
    const beto = await signInAs(handle.db, mailer, "beto@example.com");
    expect((await page(beto.jar.header())).tournament?.placesLeft).toBe(16);
    const other = randomUUID();
    await handle.db.insert(users).values({ id: other, email: "otro@example.com", name: "Otro" });
    // Inserted through the builder, then another process's registration: only the notice drops the copy.
    await page(beto.jar.header());
    await writtenElsewhere(
      `insert into registrations (id, tournament_id, user_id, team_name, phone, status) values ('${randomUUID()}', '${T}', '${other}', 'Otros', '04141234567', 'confirmed')`,
    );
    expect(
      (
        await eventually(
          () => page(beto.jar.header()),
          (now) => now.tournament?.placesLeft !== 16,
        )
      ).tournament?.placesLeft,
    ).toBe(15);
  });
});
