import { and, eq, isNull } from "drizzle-orm";
import { usdToVes } from "~/domain/money";
import type { Database } from "~/lib/db.server";
import { exchangeRates, games, settings, streamerGifts, topupPackages, tournaments } from "./schema";

/** Bs per USD used to price the demo catalogue; staff change it in settings. */
export const DEMO_EXCHANGE_RATE = "245.50";

const DAY = 24 * 60 * 60 * 1000;

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The demo tournaments: one of every kind docs/product.md §9 implies, dated from `now`. */
export function demoTournaments(now: Date) {
  const on = (days: number) => new Date(now.getTime() + days * DAY);
  return [
    {
      id: "copa-free-fire-solo",
      title: "Copa Free Fire Solo",
      game: "free-fire",
      prize: "$100",
      feeAmount: 0,
      feeCurrency: "USD",
      players: ["48", "solo"],
      image: "/images/tournaments/free-fire.svg",
      badges: ["free", "solo", "new"],
      date: isoDate(on(14)),
      capacity: 48,
      registrationClosesAt: on(13),
      sortOrder: 1,
    },
    {
      id: "blood-strike-duo-clash",
      title: "Blood Strike Duo Clash",
      game: "blood-strike",
      prize: "$250",
      feeAmount: 200,
      feeCurrency: "USD",
      players: ["32", "duo"],
      image: "/images/tournaments/blood-strike.svg",
      badges: ["paid", "duo", "featured"],
      date: isoDate(on(21)),
      capacity: 32,
      registrationClosesAt: on(20),
      sortOrder: 2,
    },
    {
      id: "liga-mobile-legends-5v5",
      title: "Liga Mobile Legends 5v5",
      game: "mobile-legends",
      prize: "$500",
      feeAmount: 500,
      feeCurrency: "USD",
      players: ["16", "squad"],
      image: "/images/tournaments/mobile-legends.svg",
      badges: ["paid", "squad", "finals"],
      date: isoDate(on(28)),
      capacity: 16,
      registrationClosesAt: on(26),
      sortOrder: 3,
    },
    {
      id: "efootball-masters",
      title: "eFootball Masters",
      game: "efootball",
      prize: "$150",
      feeAmount: 100,
      feeCurrency: "USD",
      players: ["64", "solo"],
      image: "/images/tournaments/efootball.svg",
      badges: ["paid", "solo"],
      date: isoDate(on(35)),
      capacity: 64,
      registrationClosesAt: on(34),
      sortOrder: 4,
    },
  ];
}

/** SPEC §9 store games (COD Mobile and Wild Rift are kept but hidden), with our own art (public/images/games/). */
const art = (id: string) => ({ logo: `/images/games/${id}.svg`, banner: `/images/games/${id}-banner.svg` });
export const DEMO_GAMES = [
  {
    id: "free-fire",
    name: "Free Fire",
    ...art("free-fire"),
    hiddenInStore: false,
    checksPlayerId: true,
    hasZoneField: false,
    sortOrder: 1,
  },
  {
    id: "blood-strike",
    name: "Blood Strike",
    ...art("blood-strike"),
    hiddenInStore: false,
    checksPlayerId: true,
    hasZoneField: false,
    sortOrder: 2,
  },
  {
    id: "arena-breakout",
    name: "Arena Breakout",
    ...art("arena-breakout"),
    hiddenInStore: false,
    checksPlayerId: true,
    hasZoneField: false,
    sortOrder: 3,
  },
  {
    id: "mobile-legends",
    name: "Mobile Legends",
    ...art("mobile-legends"),
    hiddenInStore: false,
    checksPlayerId: true,
    hasZoneField: true,
    sortOrder: 4,
  },
  {
    id: "delta-force",
    name: "Delta Force",
    ...art("delta-force"),
    hiddenInStore: false,
    checksPlayerId: false,
    hasZoneField: false,
    sortOrder: 5,
  },
  {
    id: "cod-mobile",
    name: "COD Mobile",
    logo: null,
    banner: null,
    hiddenInStore: true,
    checksPlayerId: false,
    hasZoneField: false,
    sortOrder: 6,
  },
  {
    id: "wild-rift",
    name: "Wild Rift",
    logo: null,
    banner: null,
    hiddenInStore: true,
    checksPlayerId: false,
    hasZoneField: false,
    sortOrder: 7,
  },
];

/** [game, Spanish label, English label, US cents, in-game amount, bonus] of every demo package (amount defaults to the label's number). */
const DEMO_PACKAGES: Array<[string, string, string, number, number?, number?]> = [
  ["free-fire", "110 Diamantes", "110 Diamonds", 100],
  ["free-fire", "341 Diamantes", "341 Diamonds", 300, 310, 31],
  ["free-fire", "572 Diamantes", "572 Diamonds", 500, 520, 52],
  ["free-fire", "1166 Diamantes", "1166 Diamonds", 1000, 1060, 106],
  ["free-fire", "2398 Diamantes", "2398 Diamonds", 2000, 2180, 218],
  ["blood-strike", "100 Gold", "100 Gold", 100],
  ["blood-strike", "320 Gold", "320 Gold", 300],
  ["blood-strike", "550 Gold", "550 Gold", 500],
  ["blood-strike", "1120 Gold", "1120 Gold", 1000],
  ["arena-breakout", "60 Bonds", "60 Bonds", 99],
  ["arena-breakout", "310 Bonds", "310 Bonds", 499],
  ["arena-breakout", "630 Bonds", "630 Bonds", 999],
  ["mobile-legends", "86 Diamantes", "86 Diamonds", 160],
  ["mobile-legends", "172 Diamantes", "172 Diamonds", 320],
  ["mobile-legends", "257 Diamantes", "257 Diamonds", 480],
  ["mobile-legends", "706 Diamantes", "706 Diamonds", 1250],
  ["delta-force", "60 Coins", "60 Coins", 99],
  ["delta-force", "320 Coins", "320 Coins", 499],
  ["delta-force", "660 Coins", "660 Coins", 999],
  ["cod-mobile", "80 CP", "80 CP", 99],
  ["wild-rift", "425 Wild Cores", "425 Wild Cores", 499],
];

export function demoPackages(rate: string = DEMO_EXCHANGE_RATE) {
  return DEMO_PACKAGES.map(([gameId, label, labelEn, priceUsd, amount, bonus], index) => ({
    id: `${gameId}-${label.split(" ")[0]}`,
    gameId,
    label,
    labelEn,
    amount: amount ?? Number(label.split(" ")[0]),
    bonus: bonus ?? 0,
    priceUsd,
    priceBs: usdToVes(priceUsd, rate),
    sortOrder: index,
  }));
}

/** The gifts fans send streamers (docs/streamers.md "Gifts"); staff change them on /admin/streamers. */
export const DEMO_GIFTS = [
  { id: "gift-rosa", nameEs: "Rosa", nameEn: "Rose", priceUsd: 100, icon: "🌹", position: 1 },
  { id: "gift-diamante", nameEs: "Diamante", nameEn: "Diamond", priceUsd: 500, icon: "💎", position: 2 },
  { id: "gift-corona", nameEs: "Corona", nameEn: "Crown", priceUsd: 2000, icon: "👑", position: 3 },
];

/**
 * Inserts the demo data once: every row has a fixed id and existing rows are left alone,
 * so running it again (every start) changes nothing and keeps staff edits.
 */
export async function seedDemoData(db: Database, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(settings).values({ key: "exchange_rate_bs_per_usd", value: DEMO_EXCHANGE_RATE }).onConflictDoNothing();
    // The rate history starts from the setting (which a staff member may have changed before the history existed).
    const [hasRate] = await tx.select({ id: exchangeRates.id }).from(exchangeRates).limit(1);
    if (!hasRate) {
      const [setting] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, "exchange_rate_bs_per_usd"));
      await tx
        .insert(exchangeRates)
        .values({ rate: setting?.value ?? DEMO_EXCHANGE_RATE, effectiveOn: now.toISOString().slice(0, 10), source: "demo" });
    }
    await tx.insert(games).values(DEMO_GAMES).onConflictDoNothing();
    // A database seeded before the banners existed gets them; art staff uploaded is kept.
    for (const game of DEMO_GAMES)
      if (game.banner)
        await tx
          .update(games)
          .set({ banner: game.banner })
          .where(and(eq(games.id, game.id), isNull(games.banner)));
    const packages = demoPackages();
    await tx.insert(topupPackages).values(packages).onConflictDoNothing();
    // A database seeded before English names existed gets them, unless staff renamed the package or named it already.
    for (const pkg of packages)
      await tx
        .update(topupPackages)
        .set({ labelEn: pkg.labelEn })
        .where(and(eq(topupPackages.id, pkg.id), eq(topupPackages.label, pkg.label), isNull(topupPackages.labelEn)));
    await tx.insert(tournaments).values(demoTournaments(now)).onConflictDoNothing();
    await tx.insert(streamerGifts).values(DEMO_GIFTS).onConflictDoNothing();
  });
}
