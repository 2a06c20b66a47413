// Server render of the bracket page of a 256-team double-elimination tournament (docs/decisions/007-brackets.md: under 50 ms).
// Measures what one request does for the page's content: the loader's queries (bracketPageData, on
// PGlite) and React's renderToString of the bracket and standings. Prints one JSON line.
// Usage: NODE_ENV=production tsx scripts/bench-bracket.tsx (React's production build, as the server runs)
import { randomUUID } from "node:crypto";
import { renderToString } from "react-dom/server";
import { I18nProvider } from "~/lib/i18n-react";
import { MemoryRouter } from "react-router";
import { competitionCheckIns, competitionResults, competitionSettings, registrations, tournaments, users } from "~/db/schema";
import { bracketPageData } from "~/features/competition/bracket-page.server";
import { BracketBoard } from "~/features/competition/components/bracket-board";
import { Standings } from "~/features/competition/components/standings";
import { findCompetition, listEntrants } from "~/features/competition/competition-reads.server";
import { startCompetition } from "~/features/competition/competition-start.server";
import { replaceBracket } from "~/features/competition/bracket-storage.server";
import { buildBracket, type StoredResult } from "~/features/competition/core/bracket";
import { isPlayable } from "~/features/competition/core/bracket-view";
import { createI18n } from "~/lib/i18n";
import { openDatabase, setDatabase } from "~/lib/db.server";
import { loadMessages } from "~/lib/messages.server";

const TEAMS = 256;
const RUNS = 30;
const id = "bench-256";
const handle = await openDatabase({ dataDir: "memory://" });
setDatabase(handle);
const db = handle.db;
const staff = randomUUID();
await db.insert(users).values({ id: staff, email: "staff@bench.local", name: "Staff", isStaff: true });
await db.insert(tournaments).values({
  id,
  title: "Bench 256",
  game: "free-fire",
  prize: "-",
  players: ["Equipos"],
  image: "/x.jpg",
  date: "2026-12-01",
  capacity: TEAMS,
  registrationClosesAt: new Date(),
});
const people = Array.from({ length: TEAMS }, (_, i) => ({ id: randomUUID(), email: `c${i}@bench.local`, name: `C${i}` }));
await db.insert(users).values(people);
const regs = people.map((person, i) => ({
  id: randomUUID(),
  tournamentId: id,
  userId: person.id,
  teamName: `Equipo ${i + 1}`,
  phone: "04141234567",
  status: "confirmed" as const,
}));
await db.insert(registrations).values(regs);
await db.insert(competitionCheckIns).values(regs.map((reg) => ({ registrationId: reg.id, tournamentId: id, userId: reg.userId })));
await db
  .insert(competitionSettings)
  .values({ tournamentId: id, format: "double_elimination", startsAt: new Date(Date.now() + 30 * 60_000) });
await startCompetition(db, { tournamentId: id, actorUserId: staff, method: "random" });

// Play three waves of matches so the page shows scores, winners and a moving loser bracket.
const entrants = await listEntrants(db, id);
const results: StoredResult[] = [];
let built = await buildBracket({ tournamentId: id, format: "double_elimination", entrants, groupCount: 1, results });
for (let wave = 0; wave < 3; wave++) {
  const regOf = (pid: unknown) =>
    (built.data.participant.find((p) => p.id === pid) as unknown as { registration_id: string }).registration_id;
  for (const match of built.data.match.filter(isPlayable))
    results.push({
      matchId: match.id as number,
      registration1: regOf(match.opponent1!.id),
      registration2: regOf(match.opponent2!.id),
      score1: 1,
      score2: 0,
    });
  built = await buildBracket({ tournamentId: id, format: "double_elimination", entrants, groupCount: 1, results });
}
await db.transaction(async (tx) => {
  await replaceBracket(tx, id, built.data);
  await tx.insert(competitionResults).values(results.map((result) => ({ tournamentId: id, ...result, source: "staff" })));
});

const i18n = createI18n("es", loadMessages("es", ["common", "competition"]));
async function renderOnce() {
  const started = performance.now();
  const competition = (await findCompetition(db, id))!;
  const page = await bracketPageData(db, competition, null, new Date());
  if (!("bracket" in page) || !page.bracket) throw new Error("no bracket");
  const html = renderToString(
    <MemoryRouter>
      <I18nProvider i18n={i18n}>
        <BracketBoard tournamentId={id} format="double_elimination" groups={page.bracket} />
        <Standings rows={page.standings} />
      </I18nProvider>
    </MemoryRouter>,
  );
  return {
    ms: performance.now() - started,
    bytes: html.length,
    matches: page.bracket.reduce((n, g) => n + g.rounds.reduce((m, r) => m + r.matches.length, 0), 0),
  };
}
for (let i = 0; i < 5; i++) await renderOnce(); // warm-up
if (process.env.BENCH_PROFILE) {
  const { loadBracket } = await import("~/features/competition/bracket-storage.server");
  const { bracketView, standings } = await import("~/features/competition/core/bracket-view");
  for (let i = 0; i < 3; i++) {
    let t = performance.now();
    const data = await loadBracket(db, id);
    const tLoad = performance.now() - t;
    t = performance.now();
    const groups = bracketView(data);
    const rows = standings(data, "double_elimination");
    const tView = performance.now() - t;
    t = performance.now();
    renderToString(
      <MemoryRouter>
        <I18nProvider i18n={i18n}>
          <BracketBoard tournamentId={id} format="double_elimination" groups={groups} />
          <Standings rows={rows} />
        </I18nProvider>
      </MemoryRouter>,
    );
    const tRender = performance.now() - t;
    t = performance.now();
    await listEntrants(db, id);
    const tEntrants = performance.now() - t;
    console.error(JSON.stringify({ tLoad, tView, tRender, tEntrants }));
  }
}
const times: number[] = [];
let last = { ms: 0, bytes: 0, matches: 0 };
for (let i = 0; i < RUNS; i++) {
  last = await renderOnce();
  times.push(last.ms);
}
times.sort((a, b) => a - b);
const round = (n: number) => +n.toFixed(1);
console.log(
  JSON.stringify({
    teams: TEAMS,
    format: "double_elimination",
    matches: last.matches,
    decided: results.length,
    htmlKb: round(last.bytes / 1024),
    runs: RUNS,
    medianMs: round(times[Math.floor(RUNS / 2)]!),
    p95Ms: round(times[Math.floor(RUNS * 0.95)]!),
    budgetMs: 50,
  }),
);
await handle.close();
