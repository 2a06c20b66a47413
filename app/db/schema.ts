import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { RegistrationStatus } from "../domain/registration";
import type { OrderKind, OrderStatus } from "../features/orders/core/lifecycle";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/* ───────────── Accounts (tables shaped for better-auth, plus our profile fields) ───────────── */

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  /** SPEC §3 "fullname"; better-auth calls it `name`. */
  name: text("name").notNull().default(""),
  image: text("image"),
  age: smallint("age"),
  favoriteGame: text("favorite_game"),
  language: text("language").notNull().default("es"),
  /** Set only by `npm run admin -- grant <email>`, never from a form. */
  isStaff: boolean("is_staff").notNull().default(false),
  profileCompletedAt: timestamp("profile_completed_at", { withTimezone: true }),
  /** The public profile's address, `/players/:handle` (docs/teams.md); chosen by the player, stored lower-case. */
  handle: text("handle").unique(),
  /** What the public profile shows (the player's choice, docs/teams.md "Privacy"): their teams, their tournaments and record. */
  profileShowsTeams: boolean("profile_shows_teams").notNull().default(true),
  profileShowsTournaments: boolean("profile_shows_tournaments").notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/** SPEC §3 pre_users: addresses that asked for a sign-in link. */
export const preUsers = pgTable("pre_users", {
  email: text("email").primaryKey(),
  createdAt: createdAt(),
});

/* ───────────── Tournaments and registrations ───────────── */

export const tournaments = pgTable(
  "tournaments",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    /** Game slug (app/domain/games.ts). */
    game: text("game").notNull(),
    prize: text("prize").notNull(),
    /** Fee in minor units of fee_currency; 0 means free. Cards derive SPEC's "fee text" from it, translated. */
    feeAmount: integer("fee_amount").notNull().default(0),
    feeCurrency: text("fee_currency").notNull().default("USD"),
    /** SPEC §3 players: first element is the participants label shown on cards. */
    players: text("players").array().notNull(),
    image: text("image").notNull(),
    /** Keys translated through the badge label table; raw key shown as fallback. */
    badges: text("badges")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Year-month-day of the event (SPEC §3). */
    date: date("date", { mode: "string" }).notNull(),
    /** Maximum number of registrations (teams, or players when solo). */
    capacity: integer("capacity").notNull(),
    registrationClosesAt: timestamp("registration_closes_at", { withTimezone: true }).notNull(),
    /** When registration opens; null means open as soon as it is published. */
    registrationOpensAt: timestamp("registration_opens_at", { withTimezone: true }),
    /** Start time of day ("HH:MM", platform time zone); null when not announced. */
    startTime: text("start_time"),
    /** draft | published | cancelled: only published ones are shown to players. */
    status: text("status").notNull().default("published"),
    /** Rules text in Markdown (rendered sanitized). */
    rules: text("rules").notNull().default(""),
    /** Format key (single_elimination, round_robin, …); empty when not said. */
    format: text("format").notNull().default(""),
    /** Players per team for this event; null means the game's SPEC §9 size (events created before team sizes were chosen). */
    teamSize: smallint("team_size"),
    /** Optional substitutes a team may name besides its players. */
    substitutes: smallint("substitutes").notNull().default(0),
    /** Prize split by place, as percentages ("50", "30", "20"). */
    prizeSplit: text("prize_split")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sortOrder: integer("sort_order").notNull().default(0),
    /** A Discord channel webhook for this event's announcements (docs/notifications.md); null when none. */
    discordWebhookUrl: text("discord_webhook_url"),
    /** The organization that runs it (docs/organizations.md); null means the platform's own. */
    organizationId: text("organization_id"),
    /** A Plus event (docs/plus.md): only members may register or join its waiting list. */
    plusOnly: boolean("plus_only").notNull().default(false),
    /**
     * Who funds the prizes (docs/organizations.md "Prize pools"): none (paid by hand or from the
     * platform's prizes account), organizer (deposited before publishing, held in the tournament's
     * pool account) or fees (the pool is the entry fees minus the platform's commission).
     */
    prizeFunding: text("prize_funding").notNull().default("none"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("tournaments_date_idx").on(t.date, t.sortOrder),
    index("tournaments_organization_idx").on(t.organizationId, t.date),
    index("tournaments_status_date_idx").on(t.status, t.date),
    check("tournaments_fee_nonnegative", sql`${t.feeAmount} >= 0`),
    check("tournaments_capacity_positive", sql`${t.capacity} > 0`),
  ],
);

export const registrations = pgTable(
  "registrations",
  {
    id: text("id").primaryKey(),
    tournamentId: text("tournament_id")
      .notNull()
      .references(() => tournaments.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    teamName: text("team_name"),
    coachName: text("coach_name"),
    phone: text("phone").notNull(),
    status: text("status").$type<RegistrationStatus>().notNull(),
    /** Why a released registration was released, when the platform decided it: "no_show" (no check-in). */
    releaseReason: text("release_reason"),
    /** Taken in the late-entry window from the waiting list: checked in when confirmed before the start. */
    lateEntry: boolean("late_entry").notNull().default(false),
    orderId: text("order_id"),
    /** The lasting team this registration entered (docs/teams.md); its players are a snapshot taken then. */
    teamId: text("team_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One live registration per user and tournament; released ones do not count (holdsPlace).
    uniqueIndex("registrations_user_tournament_live")
      .on(t.tournamentId, t.userId)
      .where(sql`${t.status} <> 'released'`),
    index("registrations_user_idx").on(t.userId),
    // Read on every status move of a registration's order.
    index("registrations_order_idx").on(t.orderId),
    index("registrations_tournament_idx").on(t.tournamentId, t.status),
    index("registrations_team_idx")
      .on(t.teamId)
      .where(sql`${t.teamId} is not null`),
  ],
);

/**
 * The waiting list of a full tournament (product §4 "waiting list"): one row per person waiting, in
 * order of joining. When a place frees, every row gets `placeFreedAt` inside the freeing
 * transaction; the waiting-list routine mails them after the commit and clears it.
 */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: text("id").primaryKey(),
    tournamentId: text("tournament_id")
      .notNull()
      .references(() => tournaments.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    /** A mail is owed: a place freed at this time and the person has not been told yet. */
    placeFreedAt: timestamp("place_freed_at", { withTimezone: true }),
    /** When the last "a place is free" mail was sent. */
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("waitlist_entries_user").on(t.tournamentId, t.userId),
    index("waitlist_entries_line").on(t.tournamentId, t.createdAt, t.id),
    index("waitlist_entries_owed")
      .on(t.placeFreedAt)
      .where(sql`${t.placeFreedAt} is not null`),
  ],
);

export const registrationPlayers = pgTable(
  "registration_players",
  {
    id: text("id").primaryKey(),
    registrationId: text("registration_id")
      .notNull()
      .references(() => registrations.id, { onDelete: "cascade" }),
    tournamentId: text("tournament_id").notNull(),
    position: smallint("position").notNull(),
    name: text("name").notNull(),
    ign: text("ign").notNull(),
    phone: text("phone"),
    /** The account of a player entered with a lasting team; null for players typed by hand. */
    userId: text("user_id"),
    /** False once the registration is released, so the in-game id may join another team. */
    active: boolean("active").notNull().default(true),
  },
  (t) => [
    // A player cannot be in two teams entered in the same tournament (docs/teams.md).
    uniqueIndex("registration_players_user_live")
      .on(t.tournamentId, t.userId)
      .where(sql`${t.active} and ${t.userId} is not null`),
    index("registration_players_user_idx")
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex("registration_players_ign_live")
      .on(t.tournamentId, sql`lower(${t.ign})`)
      .where(sql`${t.active}`),
    index("registration_players_registration_idx").on(t.registrationId),
  ],
);

/* ───────────── Teams that last (docs/teams.md) ───────────── */

export const teams = pgTable(
  "teams",
  {
    id: text("id").primaryKey(),
    /** Game slug (app/domain/games.ts). */
    game: text("game").notNull(),
    name: text("name").notNull(),
    tag: text("tag").notNull(),
    logoUrl: text("logo_url"),
    /** ISO 3166-1 alpha-2 ("VE"). */
    country: text("country").notNull(),
    captainUserId: text("captain_user_id")
      .notNull()
      .references(() => users.id),
    /** Set by staff on an abusive team: nobody may change it or enter it. */
    locked: boolean("locked").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("teams_game_name").on(t.game, sql`lower(${t.name})`),
    index("teams_captain_idx").on(t.captainUserId),
    // The staff's list, newest first, keyset-paged by (created_at, id) (docs/teams.md).
    index("teams_created_idx").on(t.createdAt, t.id),
  ],
);

/** Who is or was in a team: rows are never deleted; leaving sets `left_at`. */
export const teamMembers = pgTable(
  "team_members",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    /** starter | substitute | coach (features/teams/core/rules.ts) */
    role: text("role").notNull(),
    ign: text("ign").notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp("left_at", { withTimezone: true }),
  },
  (t) => [
    // One active membership per user and team; the history keeps the rest.
    uniqueIndex("team_members_active")
      .on(t.teamId, t.userId)
      .where(sql`${t.leftAt} is null`),
    index("team_members_user_idx").on(t.userId, t.leftAt),
    index("team_members_team_idx").on(t.teamId, t.joinedAt),
  ],
);

/** A season of the platform's own tournaments (docs/teams.md): a name and a date range staff set. */
export const seasons = pgTable(
  "seasons",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** First and last day, inclusive, compared with tournaments.date. */
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("seasons_dates_idx").on(t.startsOn, t.endsOn), check("seasons_range", sql`${t.endsOn} >= ${t.startsOn}`)],
);

/**
 * A season's leaderboard, one row per game, kind (player | team) and subject: derived from the competition's
 * results by features/teams/leaderboard.server.ts (never typed), refreshed in the transaction that writes a
 * result, a correction, a lobby or the places, and rebuilt when staff save the season. The rank index serves
 * the keyset pages.
 */
export const leaderboardStandings = pgTable(
  "leaderboard_standings",
  {
    seasonId: text("season_id")
      .notNull()
      .references(() => seasons.id, { onDelete: "cascade" }),
    game: text("game").notNull(),
    kind: text("kind").notNull(),
    subjectId: text("subject_id").notNull(),
    points: integer("points").notNull(),
    won: integer("won").notNull(),
    lost: integer("lost").notNull(),
    tournaments: integer("tournaments").notNull(),
    bestPlace: smallint("best_place"),
  },
  (t) => [
    primaryKey({ columns: [t.seasonId, t.game, t.kind, t.subjectId] }),
    index("leaderboard_standings_rank").on(
      t.seasonId,
      t.game,
      t.kind,
      t.points.desc().nullsFirst(),
      t.won.desc().nullsFirst(),
      t.subjectId.desc().nullsFirst(),
    ),
  ],
);

/** A link to join a team: single use, expires; optionally sent to one e-mail. */
export const teamInvites = pgTable(
  "team_invites",
  {
    token: text("token").primaryKey(),
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id),
    email: text("email"),
    createdBy: text("created_by").references(() => users.id),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    usedBy: text("used_by"),
    createdAt: createdAt(),
  },
  (t) => [index("team_invites_team_idx").on(t.teamId, t.createdAt)],
);

/* ───────────── Streamers (docs/streamers.md) ───────────── */

/** A player who applied to be a streamer here; one row per account. Status moves by features/streamers/core/rules.ts. */
export const streamers = pgTable(
  "streamers",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => users.id),
    /** The public page's address, `/streamers/:handle`; lower-case. */
    handle: text("handle").notNull().unique(),
    bio: text("bio").notNull().default(""),
    /** Game slugs (app/domain/games.ts). */
    games: text("games")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** applied | approved | refused */
    status: text("status").notNull().default("applied"),
    /** Why staff refused (shown to the applicant). */
    refusalReason: text("refusal_reason"),
    /** Shown in the landing's "Streamers destacados" (staff choose). */
    featured: boolean("featured").notNull().default(false),
    live: boolean("live").notNull().default(false),
    liveSince: timestamp("live_since", { withTimezone: true }),
    /** The live flag was set by the streamer's own switch (not by a provider). */
    liveManual: boolean("live_manual").notNull().default(true),
    /** How many watch now, as the provider that marked them live last said; null when unknown (the manual switch, or off air). */
    liveViewers: integer("live_viewers"),
    appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by"),
    /** The monthly subscription's price in USD cents, set by the streamer within core/subscriptions.ts's limits; null: not offered. */
    subscriptionPriceUsd: integer("subscription_price_usd"),
    /**
     * The secret in the address of the streamer's on-stream donation alerts (the page OBS shows);
     * made at first use, replaced when the streamer regenerates it (the old address stops at once).
     */
    alertKey: text("alert_key").unique(),
    /** The weekly schedule the streamer keeps (core/schedule.ts's slots, in the platform's zone); at most 14, read defensively. */
    schedule: jsonb("schedule").$type<unknown[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    check("streamers_status", sql`${t.status} in ('applied', 'approved', 'refused')`),
    index("streamers_status_idx").on(t.status, t.featured),
  ],
);

/** A streamer's channel on one platform (one per platform), its URL checked for the platform's form. */
export const streamerChannels = pgTable(
  "streamer_channels",
  {
    id: text("id").primaryKey(),
    streamerId: text("streamer_id")
      .notNull()
      .references(() => streamers.id, { onDelete: "cascade" }),
    /** twitch | youtube | kick | tiktok */
    platform: text("platform").notNull(),
    url: text("url").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("streamer_channels_platform").on(t.streamerId, t.platform),
    check("streamer_channels_platform_known", sql`${t.platform} in ('twitch', 'youtube', 'kick', 'tiktok')`),
  ],
);

/** Who follows a streamer: the follower count is the count of these rows. */
export const streamerFollows = pgTable(
  "streamer_follows",
  {
    streamerId: text("streamer_id")
      .notNull()
      .references(() => streamers.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.streamerId, t.userId] }), index("streamer_follows_user_idx").on(t.userId)],
);

/**
 * A fan's donation from their wallet to a streamer: the ledger transaction moves `amount` from the
 * donor, `amount − fee` to the streamer and `fee` to the platform (`donation_fees`). Never updated.
 */
export const streamerDonations = pgTable(
  "streamer_donations",
  {
    id: text("id").primaryKey(),
    streamerId: text("streamer_id")
      .notNull()
      .references(() => streamers.id),
    donorUserId: text("donor_user_id")
      .notNull()
      .references(() => users.id),
    currency: text("currency").notNull(),
    /** Minor units taken from the donor; the streamer gets amount − fee. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    fee: bigint("fee", { mode: "number" }).notNull(),
    message: text("message").notNull().default(""),
    /** The donor agreed to appear among the page's recent supporters. */
    public: boolean("public").notNull().default(false),
    transactionId: text("transaction_id")
      .notNull()
      .unique()
      .references(() => ledgerTransactions.id),
    /** The order that paid it (kind `donation`, Pago Móvil/Binance/PayPal); null for a donation from the wallet. */
    orderId: text("order_id")
      .unique()
      .references(() => orders.id),
    /** Staff hid an abusive message (audited): the pages and the overlay no longer show it. */
    messageHiddenAt: timestamp("message_hidden_at", { withTimezone: true }),
    messageHiddenBy: text("message_hidden_by").references(() => users.id),
    /** Its order was refunded: the streamer's credit was reversed and the pages no longer list it. */
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    /** A gift (catalogue item × quantity) rather than an amount the fan typed; null for a plain donation. */
    giftId: text("gift_id").references(() => streamerGifts.id),
    giftQuantity: integer("gift_quantity"),
    createdAt: createdAt(),
  },
  (t) => [index("streamer_donations_streamer_idx").on(t.streamerId, t.createdAt)],
);

/**
 * The gifts fans send streamers ("Rosa", "Diamante", "Corona"), managed by staff on /admin/streamers:
 * sold as donation orders priced from here (never from the form).
 */
export const streamerGifts = pgTable("streamer_gifts", {
  id: text("id").primaryKey(),
  nameEs: text("name_es").notNull(),
  nameEn: text("name_en").notNull(),
  /** One item's price in USD cents. */
  priceUsd: integer("price_usd").notNull(),
  /** An emoji (shown as is: no image to load). */
  icon: text("icon").notNull(),
  active: boolean("active").notNull().default(true),
  position: integer("position").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A donation paid as an order (kind `donation`): which streamer it is for, the fan's message and
 * whether they agreed to be shown; written with the order, the donation row comes on approval.
 */
export const streamerDonationOrders = pgTable("streamer_donation_orders", {
  orderId: text("order_id")
    .primaryKey()
    .references(() => orders.id),
  streamerId: text("streamer_id")
    .notNull()
    .references(() => streamers.id),
  message: text("message").notNull().default(""),
  public: boolean("public").notNull().default(false),
  /** A gift order: the catalogue item and how many, priced from the catalogue when the order was made. */
  giftId: text("gift_id").references(() => streamerGifts.id),
  giftQuantity: integer("gift_quantity"),
  createdAt: createdAt(),
});

/** A "test alert" a streamer sent to their own overlay (no money moves); the overlay shows it marked as a test. */
export const streamerTestAlerts = pgTable(
  "streamer_test_alerts",
  {
    id: text("id").primaryKey(),
    streamerId: text("streamer_id")
      .notNull()
      .references(() => streamers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("streamer_test_alerts_streamer_idx").on(t.streamerId, t.createdAt)],
);

/** Which streamer a subscription order (kind `subscription`) subscribes to; written with the order. */
export const streamerSubscriptionOrders = pgTable("streamer_subscription_orders", {
  orderId: text("order_id")
    .primaryKey()
    .references(() => orders.id),
  streamerId: text("streamer_id")
    .notNull()
    .references(() => streamers.id),
  createdAt: createdAt(),
});

/**
 * One paid month of a fan's subscription to a streamer (like membership_periods): subscribed means
 * "now is inside a period not refunded". Written when the order is approved, with the ledger
 * transaction that credits the streamer `amount − fee`; a refund marks it (and reverses the credit).
 */
export const streamerSubscriptions = pgTable(
  "streamer_subscriptions",
  {
    id: text("id").primaryKey(),
    streamerId: text("streamer_id")
      .notNull()
      .references(() => streamers.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    orderId: text("order_id")
      .notNull()
      .unique()
      .references(() => orders.id),
    currency: text("currency").notNull(),
    /** What the fan paid (minor units of currency); the streamer got amount − fee. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    fee: bigint("fee", { mode: "number" }).notNull(),
    transactionId: text("transaction_id")
      .notNull()
      .unique()
      .references(() => ledgerTransactions.id),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("streamer_subscriptions_fan_idx").on(t.streamerId, t.userId, t.endsAt),
    index("streamer_subscriptions_ends_idx").on(t.endsAt),
    check("streamer_subscriptions_positive", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** A streamer's subscriber-only post: the title is the teaser everyone sees, the text only subscribers and the streamer. */
export const streamerPosts = pgTable(
  "streamer_posts",
  {
    id: text("id").primaryKey(),
    streamerId: text("streamer_id")
      .notNull()
      .references(() => streamers.id),
    title: text("title").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("streamer_posts_streamer_idx").on(t.streamerId, t.createdAt)],
);

/* ───────────── Store catalogue ───────────── */

export const games = pgTable("games", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  /** Square icon (repository SVG or an uploaded image's URL). */
  logo: text("logo"),
  /** Wide banner for the store tile and the game page header; null falls back to the icon. */
  banner: text("banner"),
  hiddenInStore: boolean("hidden_in_store").notNull().default(false),
  /** Whether checkout checks the player ID with the external checker. */
  checksPlayerId: boolean("checks_player_id").notNull().default(true),
  /** Whether checkout asks for a zone/server field. */
  hasZoneField: boolean("has_zone_field").notNull().default(false),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const topupPackages = pgTable(
  "topup_packages",
  {
    id: text("id").primaryKey(),
    gameId: text("game_id")
      .notNull()
      .references(() => games.id),
    /** The package's name in Spanish, the platform's first language (and the fallback for every other). */
    label: text("label").notNull(),
    /** The same name in English ("341 Diamonds"); null when staff did not give one (English pages then show `label`). */
    labelEn: text("label_en"),
    /** In-game amount and bonus (e.g. 100 diamonds + 10); null when not given. */
    amount: integer("amount"),
    bonus: integer("bonus").notNull().default(0),
    priceUsd: integer("price_usd").notNull(),
    priceBs: integer("price_bs").notNull(),
    /** True: price_bs is recomputed from price_usd whenever staff set a new exchange rate. */
    bsFollowsRate: boolean("bs_follows_rate").notNull().default(true),
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("topup_packages_game_idx").on(t.gameId, t.sortOrder),
    check("topup_packages_prices_positive", sql`${t.priceUsd} > 0 and ${t.priceBs} > 0`),
  ],
);

/**
 * Player IDs a buyer used for a game, offered (most recent first) the next time they open its page.
 * Written when a store order is created; read only for the signed-in owner.
 */
export const savedPlayerIds = pgTable(
  "saved_player_ids",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    gameId: text("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    playerId: text("player_id").notNull(),
    /** Server/zone for games that have one ("" when none, so the unique index covers it). */
    zone: text("zone").notNull().default(""),
    /** The in-game name the checker answered, when it did. */
    gamerName: text("gamer_name"),
    /** Listed on the owner's public profile: off until they choose it (an ID may be a friend's they bought for). */
    onProfile: boolean("on_profile").notNull().default(false),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("saved_player_ids_unique").on(t.userId, t.gameId, t.playerId, t.zone),
    index("saved_player_ids_recent_idx").on(t.userId, t.gameId, t.lastUsedAt),
  ],
);

/** Key/value settings staff can change (exchange rate, store switch). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: updatedAt(),
});

/* ───────────── Orders and payments ───────────── */

export const orders = pgTable(
  "orders",
  {
    id: text("id").primaryKey(),
    /** Short number shown to people ("order number"). */
    number: serial("number").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind").$type<OrderKind>().notNull(),
    /** Moves only through the table of allowed moves (features/orders/core/lifecycle.ts). */
    status: text("status").$type<OrderStatus>().notNull().default("initiated"),
    /** pago_movil | binance | paypal */
    paymentMethod: text("payment_method").notNull(),
    /** USD | VES, decided by the payment method */
    currency: text("currency").notNull(),
    /** Total in minor units of currency, priced on the server. */
    amount: integer("amount").notNull(),
    /** The same total in US cents, for reporting. */
    amountUsd: integer("amount_usd").notNull(),
    /** Bs per USD used to price a VES order, as a decimal string; null for USD orders. */
    exchangeRate: text("exchange_rate"),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    gamerId: text("gamer_id"),
    gameServer: text("game_server"),
    gamerName: text("gamer_name"),
    tournamentId: text("tournament_id").references(() => tournaments.id),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Bank/transfer reference of the refund staff made (set with the move to refunded). */
    refundReference: text("refund_reference"),
    /** The top-up provider's transaction id, typed by staff when they mark a store order delivered (optional). */
    providerReference: text("provider_reference"),
    /**
     * Why staff must look at this order although the machines tried (docs/payments.md): a code and its values,
     * e.g. {code:"AMOUNT_MISMATCH", paid:"9.00 USDT", expected:"10.00 USD"}, {code:"BANK_NO_MATCH"},
     * {code:"DELIVERY_FAILED", reason:"…"}. Shown in the staff queue; cleared when the order moves on.
     */
    attention: jsonb("attention").$type<{ code: string } & Record<string, string>>(),
    /** The creating form's key, scoped by purchase ("store:…", "tournament:<id>:…"): a repeated request gets the same order. */
    idempotencyKey: text("idempotency_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Each list's filter and order has its index, so a page costs the same at 1k or 1M orders:
    // my orders (user, newest first); the staff queue (status [and method], oldest change first, or
    // every status); the expiry job (unpaid orders past their time).
    index("orders_user_idx").on(t.userId, t.createdAt, t.id),
    index("orders_queue_idx").on(t.status, t.updatedAt, t.id),
    index("orders_queue_method_idx").on(t.status, t.paymentMethod, t.updatedAt, t.id),
    index("orders_updated_idx").on(t.updatedAt, t.id),
    index("orders_unpaid_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'initiated'`),
    // Back-office search: by e-mail (case-insensitive) and by player ID.
    index("orders_email_idx").on(sql`lower(${t.email})`, t.createdAt),
    index("orders_gamer_id_idx").on(t.gamerId),
    // ... by phone, and by the provider's and the refund's references.
    index("orders_phone_idx").on(t.phone),
    index("orders_provider_reference_idx").on(t.providerReference),
    index("orders_refund_reference_idx").on(t.refundReference),
    uniqueIndex("orders_user_idempotency_key").on(t.userId, t.idempotencyKey),
    check("orders_amount_positive", sql`${t.amount} > 0`),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    packageId: text("package_id").references(() => topupPackages.id),
    registrationId: text("registration_id").references(() => registrations.id),
    /** Copies of the package's names at purchase, so a later rename by staff leaves the order as bought. */
    label: text("label").notNull(),
    /** English copy; null for lines bought before English names existed or without one (show `label`). */
    labelEn: text("label_en"),
    unitAmount: integer("unit_amount").notNull(),
    quantity: integer("quantity").notNull(),
  },
  (t) => [index("order_items_order_idx").on(t.orderId), check("order_items_quantity_positive", sql`${t.quantity} > 0`)],
);

export const paymentProofs = pgTable(
  "payment_proofs",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id),
    method: text("method").notNull(),
    /** Storage key of the receipt (never a public path). */
    fileKey: text("file_key"),
    fileType: text("file_type"),
    fileSize: integer("file_size"),
    bankCode: text("bank_code"),
    reference: text("reference"),
    paidOn: date("paid_on", { mode: "string" }),
    transactionId: text("transaction_id"),
    payerEmail: text("payer_email"),
    /** False once staff reject it, so its reference may be sent again. */
    live: boolean("live").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index("payment_proofs_order_idx").on(t.orderId),
    // Back-office search by payment reference or transaction id.
    index("payment_proofs_reference_idx").on(t.reference),
    index("payment_proofs_transaction_idx").on(t.transactionId),
    index("payment_proofs_payer_email_idx").on(sql`lower(${t.payerEmail})`),
    uniqueIndex("payment_proofs_bank_reference_live")
      .on(t.bankCode, t.reference)
      .where(sql`${t.live} and ${t.reference} is not null`),
  ],
);

export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    id: serial("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    actorUserId: text("actor_user_id"),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [index("order_status_history_order_idx").on(t.orderId, t.id)],
);

/**
 * A payment created at an outside provider for an order (docs/payments.md, app/features/payments/): Binance Pay
 * (prepay id) or PayPal (order id). One live row per order and provider; the buyer is sent to pay there.
 */
export const providerPayments = pgTable(
  "provider_payments",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id),
    /** binance | paypal */
    provider: text("provider").notNull(),
    /** The provider's id of the payment: Binance prepayId, PayPal order id. */
    providerOrderId: text("provider_order_id").notNull(),
    /** Where the buyer pays: Binance checkoutUrl / PayPal payer-action link; Binance deeplink and QR image. */
    checkoutUrl: text("checkout_url").notNull(),
    deeplink: text("deeplink"),
    /** Binance qrcodeLink: the QR image Binance draws, shown to the buyer through our own origin. */
    qrImageUrl: text("qr_image_url"),
    /** created (waiting for the buyer) | paid | mismatch | closed */
    status: text("status").notNull().default("created"),
    /** The provider's transaction id once paid (Binance transactionId, PayPal capture id). */
    transactionId: text("transaction_id"),
    /** When the poller last asked the provider (the fallback for webhooks that never arrive). */
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("provider_payments_provider_order").on(t.provider, t.providerOrderId),
    uniqueIndex("provider_payments_order_provider").on(t.orderId, t.provider),
    index("provider_payments_open_idx")
      .on(t.checkedAt)
      .where(sql`${t.status} = 'created'`),
  ],
);

/**
 * Every event an outside service sent or answered that changed (or could have changed) an order:
 * webhooks, status answers, bank credits. (source, event_id) is unique: a webhook delivered six
 * times, or a bank credit offered for two orders, is acted on once. Written in the transaction of
 * the move it causes.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: serial("id").primaryKey(),
    /** binance | paypal | bank | topup */
    source: text("source").notNull(),
    /** The provider's own id of the event (webhook id, bizId+status, bank credit id, top-up transaction). */
    eventId: text("event_id").notNull(),
    orderId: text("order_id").references(() => orders.id),
    /** What the product did: approved, mismatch, delivered, failed, ignored, … */
    outcome: text("outcome").notNull(),
    /** What staff may see of it (never a secret or a signature). */
    details: jsonb("details").$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("payment_events_source_event").on(t.source, t.eventId), index("payment_events_order_idx").on(t.orderId, t.id)],
);

/** Each attempt to deliver a store order through the top-up provider (docs/topup-provider.md). */
export const deliveries = pgTable(
  "deliveries",
  {
    id: serial("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id),
    attempt: integer("attempt").notNull(),
    /** sending | pending | delivered | failed */
    status: text("status").notNull().default("sending"),
    /** Staff who asked for this attempt (a retry); null when the system sent it. */
    requestedBy: text("requested_by"),
    transactionId: text("transaction_id"),
    reason: text("reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("deliveries_order_attempt").on(t.orderId, t.attempt),
    index("deliveries_open_idx")
      .on(t.updatedAt)
      .where(sql`${t.status} in ('sending', 'pending')`),
  ],
);

/* ───────────── Back-office ───────────── */

/** Every staff write: who, when, what, before and after. Written in the same transaction as the change. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    actorId: text("actor_id"),
    /** Dotted code: "exchange_rate.set", "tournament.create", "order.refund", … */
    action: text("action").notNull(),
    /** Kind of thing changed: "tournament", "order", "user", "setting", … */
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_entity_idx").on(t.entity, t.entityId, t.id),
    index("audit_log_actor_idx").on(t.actorId, t.id),
    index("audit_log_action_idx").on(t.action, t.id),
  ],
);

/** The history of Bs per USD rates; the newest row is the rate in force. */
export const exchangeRates = pgTable("exchange_rates", {
  id: serial("id").primaryKey(),
  /** Bs per USD as a decimal string with at most two decimals ("245.50"). */
  rate: text("rate").notNull(),
  /** The day the rate is for (e.g. the central bank's publication date). */
  effectiveOn: date("effective_on", { mode: "string" }).notNull(),
  source: text("source").notNull().default(""),
  setBy: text("set_by"),
  createdAt: createdAt(),
});

/** Where each payment method's money goes, and whether buyers may use it (env values are the first defaults). */
export const paymentAccounts = pgTable("payment_accounts", {
  method: text("method").primaryKey(),
  enabled: boolean("enabled").notNull().default(true),
  /** Method-specific fields: pago_movil {bankCode, phone, id}; binance {payId}; paypal {email}. */
  details: jsonb("details").$type<Record<string, string>>().notNull(),
  updatedAt: updatedAt(),
});

/* ───────────── Plus membership ───────────── */

/**
 * A stretch of Plus membership. "Is a member" is "now is inside a period", so expiry needs no job to
 * take effect. A period comes from an approved Plus order (order_id) or a staff grant (granted_by).
 */
export const membershipPeriods = pgTable(
  "membership_periods",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    orderId: text("order_id").references(() => orders.id),
    grantedBy: text("granted_by").references(() => users.id),
    note: text("note"),
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    endedMailSentAt: timestamp("ended_mail_sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("membership_periods_user_idx").on(t.userId, t.endsAt),
    uniqueIndex("membership_periods_order_unique").on(t.orderId),
    index("membership_periods_ends_idx").on(t.endsAt),
    check("membership_periods_positive", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * The premium role in the community Discord server (docs/plus.md): what was last asked of Discord for
 * this person (granted to `discord_user_id`, or taken away) and the outbox row that carries the ask.
 * Whether it arrived is that row's status; a new ask replaces the row here.
 */
export const discordRoles = pgTable(
  "discord_roles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    discordUserId: text("discord_user_id").notNull(),
    granted: boolean("granted").notNull(),
    noticeId: text("notice_id").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [index("discord_roles_granted_idx").on(t.granted)],
);

/* ───────────── Support ───────────── */

/** A message to the team from the support form; Plus members' messages are flagged and listed first. */
export const supportMessages = pgTable(
  "support_messages",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Short number shown to the player ("message #12") and in the acknowledgement mail. */
    number: serial("number").notNull().unique(),
    email: text("email").notNull(),
    topic: text("topic").notNull(),
    message: text("message").notNull(),
    /** The order the message is about, when opened from an order (checked to be the writer's). */
    orderId: text("order_id").references(() => orders.id),
    /** The registration the message is about, when opened from a registration (checked to be the writer's). */
    registrationId: text("registration_id").references(() => registrations.id),
    priority: boolean("priority").notNull().default(false),
    status: text("status").notNull().default("open"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("support_messages_queue_idx").on(t.status, t.priority, t.createdAt),
    index("support_messages_user_idx").on(t.userId, t.createdAt),
  ],
);

/** A staff answer to a support message: mailed to the player and shown on their /support page. */
export const supportReplies = pgTable(
  "support_replies",
  {
    id: text("id").primaryKey(),
    messageId: text("message_id")
      .notNull()
      .references(() => supportMessages.id, { onDelete: "cascade" }),
    staffId: text("staff_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("support_replies_message_idx").on(t.messageId, t.createdAt)],
);

/* ───────────── Competition: running a tournament (decision 007) ───────────── */

/** How a tournament is run once registration ends; one row per tournament that is run on the platform. */
export const competitionSettings = pgTable("competition_settings", {
  tournamentId: text("tournament_id")
    .primaryKey()
    .references(() => tournaments.id),
  /** single_elimination | double_elimination | round_robin | battle_royale (core/formats.ts) */
  format: text("format").notNull(),
  /** Best-of-N of every match, and of the final(s). */
  bestOf: smallint("best_of").notNull().default(1),
  finalBestOf: smallint("final_best_of").notNull().default(1),
  /** Round robin: number of groups. */
  groupCount: smallint("group_count").notNull().default(1),
  /** Battle royale: number of lobby matches, points per placement (index 0 = 1st), points per kill. */
  lobbyMatches: smallint("lobby_matches").notNull().default(4),
  placementPoints: integer("placement_points")
    .array()
    .notNull()
    .default(sql`'{12,9,8,7,6,5,4,3,2,1}'::integer[]`),
  killPoints: integer("kill_points").notNull().default(1),
  /** Battle royale: the point table's origin (core/points-table.ts POINT_PRESETS) or "custom". */
  pointsPreset: text("points_preset").notNull().default("custom"),
  /** Battle royale: most teams in one lobby; more teams are split into groups that each play every round. */
  lobbySize: smallint("lobby_size").notNull().default(12),
  /** Single elimination: "match" plays a 3rd-place match, "shared" gives both semi-final losers 3rd place. */
  thirdPlace: text("third_place").notNull().default("shared"),
  startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
  /** The check-in window: from startsAt − opens to startsAt − closes. */
  checkInOpensMinutes: integer("check_in_opens_minutes").notNull().default(60),
  checkInClosesMinutes: integer("check_in_closes_minutes").notNull().default(15),
  /** Set once when the automatic "check-in is open" mail went out (the check-in mail routine). */
  checkInMailedAt: timestamp("check_in_mailed_at", { withTimezone: true }),
  /** Set once when the check-in window closed and the no-shows were released (the no-show routine); opens late entry. */
  noShowsDroppedAt: timestamp("no_shows_dropped_at", { withTimezone: true }),
  /** Set when staff start the event (bracket generated). */
  startedAt: timestamp("started_at", { withTimezone: true }),
  createdAt: createdAt(),
});

export const competitionCheckIns = pgTable(
  "competition_check_ins",
  {
    registrationId: text("registration_id")
      .primaryKey()
      .references(() => registrations.id),
    tournamentId: text("tournament_id").notNull(),
    userId: text("user_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("competition_check_ins_tournament_idx").on(t.tournamentId)],
);

/** The teams in the event, in seed order (1 = top seed); written when staff start it. */
export const competitionEntrants = pgTable(
  "competition_entrants",
  {
    tournamentId: text("tournament_id").notNull(),
    registrationId: text("registration_id")
      .notNull()
      .references(() => registrations.id),
    seed: integer("seed").notNull(),
    /** The brackets-manager participant id. */
    participantId: integer("participant_id").notNull(),
    name: text("name").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.registrationId] }),
    uniqueIndex("competition_entrants_seed").on(t.tournamentId, t.seed),
    uniqueIndex("competition_entrants_participant").on(t.tournamentId, t.participantId),
  ],
);

/** brackets-manager's tables (participant, stage, group, round, match, match_game) as rows of ours. */
export const bracketRows = pgTable(
  "bracket_rows",
  {
    tournamentId: text("tournament_id").notNull(),
    kind: text("kind").notNull(),
    id: integer("id").notNull(),
    data: jsonb("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.kind, t.id] })],
);

/** Per-match details the organizer posts (room shown only to the two teams). */
export const competitionRooms = pgTable(
  "competition_rooms",
  {
    tournamentId: text("tournament_id").notNull(),
    matchId: integer("match_id").notNull(),
    roomId: text("room_id").notNull(),
    roomPassword: text("room_password").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.matchId] })],
);

/** What one team's captain says happened in a match, with a screenshot. One per team and match. */
export const competitionReports = pgTable(
  "competition_reports",
  {
    id: text("id").primaryKey(),
    tournamentId: text("tournament_id").notNull(),
    matchId: integer("match_id").notNull(),
    registrationId: text("registration_id").notNull(),
    userId: text("user_id").notNull(),
    /** Scores in the bracket's orientation (opponent 1, opponent 2). */
    score1: smallint("score1").notNull(),
    score2: smallint("score2").notNull(),
    screenshotKey: text("screenshot_key").notNull(),
    screenshotType: text("screenshot_type").notNull(),
    /** How many times this team has reported this match (a new report replaces the row and adds one): capped by core/reports.ts. */
    revision: smallint("revision").notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("competition_reports_team").on(t.tournamentId, t.matchId, t.registrationId)],
);

/** A decided match: the source of truth replayed when a correction re-flows the bracket. */
export const competitionResults = pgTable(
  "competition_results",
  {
    tournamentId: text("tournament_id").notNull(),
    matchId: integer("match_id").notNull(),
    registration1: text("registration1").notNull(),
    registration2: text("registration2").notNull(),
    score1: smallint("score1").notNull(),
    score2: smallint("score2").notNull(),
    /** agreement | staff */
    source: text("source").notNull(),
    decidedBy: text("decided_by"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.matchId] })],
);

/** Every staff act on a running event: who, when, what before, what after, why. */
export const competitionAudit = pgTable(
  "competition_audit",
  {
    id: serial("id").primaryKey(),
    tournamentId: text("tournament_id").notNull(),
    matchId: integer("match_id"),
    actorUserId: text("actor_user_id").notNull(),
    action: text("action").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [index("competition_audit_tournament_idx").on(t.tournamentId, t.id)],
);

/**
 * When a round of a bracket is played: set by staff on the run page, shown to players in the platform's
 * zone; `reminded_at` is set once when the reminder notice to the round's teams was queued (the
 * match-reminders routine claims it in one statement, so it goes once across instances).
 */
export const competitionRoundTimes = pgTable(
  "competition_round_times",
  {
    tournamentId: text("tournament_id")
      .notNull()
      .references(() => tournaments.id),
    /** The brackets-manager round id (stable: a rebuild from the same seeding numbers rounds the same way). */
    roundId: integer("round_id").notNull(),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }).notNull(),
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.roundId] }),
    index("competition_round_times_due_idx")
      .on(t.scheduledAt)
      .where(sql`${t.remindedAt} is null`),
  ],
);

/**
 * A time for one match, overriding its round's (docs/product.md "match times"): set by staff or the
 * organization's operators on the match page, typed in the platform's zone, audited.
 */
export const competitionMatchTimes = pgTable(
  "competition_match_times",
  {
    tournamentId: text("tournament_id")
      .notNull()
      .references(() => tournaments.id),
    /** The brackets-manager match id (stable across rebuilds from the same seeding, as round ids are). */
    matchId: integer("match_id").notNull(),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.matchId] }), index("competition_match_times_at_idx").on(t.scheduledAt)],
);

/**
 * The reminders sent, one row per match and time: the match-reminders routine inserts the row and
 * queues the notices in one transaction, and the key makes a second insert (another instance, a
 * later run) do nothing, so each match is reminded once per time. A match whose teams became known
 * after its round was reminded is reminded then (docs/product.md "match times").
 */
export const competitionMatchReminders = pgTable(
  "competition_match_reminders",
  {
    tournamentId: text("tournament_id")
      .notNull()
      .references(() => tournaments.id),
    matchId: integer("match_id").notNull(),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.matchId, t.scheduledAt] })],
);

/** Battle royale: one team's placement and kills in one lobby match. */
export const competitionLobbyResults = pgTable(
  "competition_lobby_results",
  {
    tournamentId: text("tournament_id").notNull(),
    lobbyMatch: smallint("lobby_match").notNull(),
    registrationId: text("registration_id").notNull(),
    placement: smallint("placement").notNull(),
    kills: smallint("kills").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.lobbyMatch, t.registrationId] }),
    uniqueIndex("competition_lobby_results_placement").on(t.tournamentId, t.lobbyMatch, t.placement),
    check("competition_lobby_results_valid", sql`${t.placement} >= 1 and ${t.kills} >= 0`),
  ],
);

/** Battle royale: what a team's captain says it did in its lobby, with a screenshot, for staff to confirm. */
export const competitionLobbyReports = pgTable(
  "competition_lobby_reports",
  {
    tournamentId: text("tournament_id").notNull(),
    lobbyMatch: smallint("lobby_match").notNull(),
    registrationId: text("registration_id").notNull(),
    userId: text("user_id").notNull(),
    placement: smallint("placement").notNull(),
    kills: smallint("kills").notNull(),
    screenshotKey: text("screenshot_key").notNull(),
    screenshotType: text("screenshot_type").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.lobbyMatch, t.registrationId] })],
);

/** Prize distribution as recorded by staff: which team got which place and what it was paid. */
export const competitionPrizes = pgTable(
  "competition_prizes",
  {
    tournamentId: text("tournament_id").notNull(),
    registrationId: text("registration_id").notNull(),
    place: smallint("place").notNull(),
    /** As staff wrote it (the tournament's prize is free text too): "$50", "2.000 diamantes". */
    amount: text("amount").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.registrationId] })],
);

/* ───────────── Wallet: a double-entry ledger (docs/decisions/014-wallet-ledger.md) ───────────── */

/**
 * One account of the ledger: a user's wallet in one currency, or a platform account (fees, prizes,
 * payouts in transit, bank, orders paid from wallets, staff adjustments) in one currency. `balance`
 * is a cache of the sum of the account's entries, written in the same transaction as them and
 * checked against that sum by `npm run ledger:reconcile`; a user wallet never goes below zero.
 */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    /** "user:<userId>:USD", "fees:VES", … (core/accounts.ts). */
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    userId: text("user_id").references(() => users.id),
    currency: text("currency").notNull(),
    balance: bigint("balance", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("ledger_accounts_user_idx").on(t.userId),
    check("ledger_accounts_currency", sql`${t.currency} in ('USD', 'VES')`),
    check("ledger_accounts_user_not_negative", sql`${t.kind} <> 'user' or ${t.balance} >= 0`),
    // A tournament's prize pool never pays more than it holds.
    check("ledger_accounts_pool_not_negative", sql`${t.kind} <> 'prize_pool' or ${t.balance} >= 0`),
  ],
);

/** One movement of money: two or more entries summing to zero per currency. Never updated or deleted. */
export const ledgerTransactions = pgTable(
  "ledger_transactions",
  {
    id: text("id").primaryKey(),
    /** prize, prize_reversal, withdrawal, withdrawal_paid, withdrawal_rejected, wallet_payment, adjustment. */
    kind: text("kind").notNull(),
    /** The request's key: the same key never moves money twice. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    /** What it is about: a tournament, withdrawal, order id (with `kind`, enough to link it). */
    subjectId: text("subject_id"),
    /** Free words from staff (an adjustment's or a reversal's reason); codes otherwise. */
    reason: text("reason"),
    actorId: text("actor_id"),
    createdAt: createdAt(),
  },
  (t) => [index("ledger_transactions_created_idx").on(t.createdAt, t.id), index("ledger_transactions_subject_idx").on(t.subjectId)],
);

export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    transactionId: text("transaction_id")
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: text("account_id")
      .notNull()
      .references(() => ledgerAccounts.id),
    currency: text("currency").notNull(),
    /** Signed minor units: positive credits the account, negative debits it. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("ledger_entries_account_idx").on(t.accountId, t.id),
    index("ledger_entries_transaction_idx").on(t.transactionId),
    check("ledger_entries_not_zero", sql`${t.amount} <> 0`),
  ],
);

/** A request to take money out of a wallet, and what staff did with it. */
export const walletWithdrawals = pgTable(
  "wallet_withdrawals",
  {
    id: text("id").primaryKey(),
    number: serial("number").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    currency: text("currency").notNull(),
    /** Taken from the balance (minor units); the receiver gets amount − fee. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    fee: bigint("fee", { mode: "number" }).notNull(),
    /** pago_movil | binance | paypal */
    method: text("method").notNull(),
    /** Where to pay: { bankCode, phone, idNumber } | { payId } | { email }. */
    destination: jsonb("destination").notNull(),
    /** requested | paid | rejected */
    status: text("status").notNull().default("requested"),
    plusMember: boolean("plus_member").notNull().default(false),
    reference: text("reference"),
    reason: text("reason"),
    decidedBy: text("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("wallet_withdrawals_user_idx").on(t.userId, t.createdAt),
    index("wallet_withdrawals_status_idx").on(t.status, t.createdAt),
    check("wallet_withdrawals_amounts", sql`${t.amount} > 0 and ${t.fee} >= 0 and ${t.fee} < ${t.amount}`),
  ],
);

/** A tournament's prizes as credited to wallets: one row per receiver and place (reversed ones stay, marked). */
export const walletPrizePayouts = pgTable(
  "wallet_prize_payouts",
  {
    id: text("id").primaryKey(),
    tournamentId: text("tournament_id").notNull(),
    registrationId: text("registration_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    place: smallint("place").notNull(),
    currency: text("currency").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    transactionId: text("transaction_id").notNull(),
    reversedBy: text("reversed_by"),
    createdAt: createdAt(),
  },
  (t) => [index("wallet_prize_payouts_tournament_idx").on(t.tournamentId), index("wallet_prize_payouts_user_idx").on(t.userId)],
);

/** A deposit into a tournament's prize pool, paid as an order (kind `prize_pool`): which tournament it funds. */
export const prizePoolOrders = pgTable(
  "prize_pool_orders",
  {
    orderId: text("order_id")
      .primaryKey()
      .references(() => orders.id),
    tournamentId: text("tournament_id")
      .notNull()
      .references(() => tournaments.id),
    createdAt: createdAt(),
  },
  (t) => [index("prize_pool_orders_tournament_idx").on(t.tournamentId)],
);

/** A prize pool platform staff froze: no payout while `frozen_at` is set (each change audited). */
export const prizePoolFreezes = pgTable("prize_pool_freezes", {
  tournamentId: text("tournament_id")
    .primaryKey()
    .references(() => tournaments.id),
  frozenAt: timestamp("frozen_at", { withTimezone: true }),
  reason: text("reason"),
  frozenBy: text("frozen_by"),
  updatedAt: updatedAt(),
});

/* ───────────── Mail outbox ───────────── */

/**
 * Every mail a state change owes, written in the transaction of that change and delivered by the
 * outbox worker (app/lib/mail-outbox.server.ts, docs/decisions/010-mail-outbox.md). The message is
 * stored rendered, in the recipient's language, so delivery needs no other table.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    /** Queuing order (rows of one transaction share created_at): mails leave in the order they were queued. */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    /** What the mail is, e.g. "order.approved", "competition.checkIn" (shown to staff). */
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** pending (waiting or being tried), sent, failed (out of attempts: staff may resend). */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** When the row may next be claimed: a retry's back-off, or the lease of the worker sending it. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    check("mail_outbox_status_check", sql`${t.status} in ('pending', 'sent', 'failed')`),
    // The worker's claim: due pending rows, oldest first.
    index("mail_outbox_due_idx")
      .on(t.nextAttemptAt, t.seq)
      .where(sql`${t.status} = 'pending'`),
    // The staff page: failed and pending rows, newest first.
    index("mail_outbox_status_idx").on(t.status, t.seq),
  ],
);

/* ───────────── Notices outside e-mail (docs/notifications.md) ───────────── */

/** The channels a player chose besides e-mail (always on): WhatsApp and a Discord DM. */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** E.164 without "+", e.g. 584141234567; null when none given. */
  whatsappNumber: text("whatsapp_number"),
  whatsappOn: boolean("whatsapp_on").notNull().default(false),
  /** Discord user id (a snowflake, 17–20 digits); null when none given. */
  discordUserId: text("discord_user_id"),
  discordOn: boolean("discord_on").notNull().default(false),
  updatedAt: updatedAt(),
});

/**
 * The outbox of the non-mail channels, the same pattern as mail_outbox: a notice is written in the
 * transaction of the change it reports and delivered by the worker with retries.
 */
export const notificationOutbox = pgTable(
  "notification_outbox",
  {
    id: text("id").primaryKey(),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    /** What the notice is, e.g. "room", "checkIn". */
    kind: text("kind").notNull(),
    /** whatsapp | discord_dm | discord_webhook | discord_role (the Plus premium role: grant or removal) */
    channel: text("channel").notNull(),
    /** A phone number, a Discord user id or a webhook URL. */
    recipient: text("recipient").notNull(),
    /** What the adapter sends: a WhatsApp template and its parameters, or a Discord message. */
    payload: jsonb("payload").notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    check("notification_outbox_status_check", sql`${t.status} in ('pending', 'sent', 'failed')`),
    check("notification_outbox_channel_check", sql`${t.channel} in ('whatsapp', 'discord_dm', 'discord_webhook', 'discord_role')`),
    index("notification_outbox_due_idx")
      .on(t.nextAttemptAt, t.seq)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Streams attached to a tournament or one of its bracket matches (docs/streamers.md "Streams on
 * tournaments"): official or caster, a channel URL in its platform's form, optionally an approved streamer
 * whose live flag makes the tournament "EN VIVO".
 */
export const tournamentStreams = pgTable(
  "tournament_streams",
  {
    id: text("id").primaryKey(),
    tournamentId: text("tournament_id")
      .notNull()
      .references(() => tournaments.id),
    /** A bracket match (brackets-manager id) or null for the whole tournament. */
    matchId: integer("match_id"),
    /** official | caster */
    kind: text("kind").notNull(),
    /** twitch | youtube | kick | tiktok */
    platform: text("platform").notNull(),
    /** Normalised by parseChannelUrl. */
    url: text("url").notNull(),
    streamerId: text("streamer_id").references(() => streamers.id),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("tournament_streams_kind", sql`${t.kind} in ('official', 'caster')`),
    index("tournament_streams_tournament_idx").on(t.tournamentId, t.matchId),
    index("tournament_streams_streamer_idx").on(t.streamerId),
  ],
);

/** A finished tournament's recordings (VOD links: a Twitch or YouTube video), added by staff. */
export const tournamentRecordings = pgTable(
  "tournament_recordings",
  {
    id: text("id").primaryKey(),
    tournamentId: text("tournament_id")
      .notNull()
      .references(() => tournaments.id),
    /** twitch | youtube */
    platform: text("platform").notNull(),
    /** The provider's video id. */
    videoId: text("video_id").notNull(),
    /** The normalised watch URL (parseRecordingUrl). */
    url: text("url").notNull(),
    title: text("title").notNull().default(""),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("tournament_recordings_platform", sql`${t.platform} in ('twitch', 'youtube')`),
    uniqueIndex("tournament_recordings_video_idx").on(t.tournamentId, t.platform, t.videoId),
  ],
);

/** Whether a tournament's replays open to everyone once the Plus members' 48 hours are over (the organizer's choice). */
export const tournamentReplaySettings = pgTable("tournament_replay_settings", {
  tournamentId: text("tournament_id")
    .primaryKey()
    .references(() => tournaments.id),
  publicAfter: boolean("public_after").notNull().default(false),
  updatedBy: text("updated_by").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/* ───────────── Organizations (docs/organizations.md) ───────────── */

/** An organizer's public body: runs its own tournaments (tournaments.organization_id). */
export const organizations = pgTable(
  "organizations",
  {
    id: text("id").primaryKey(),
    /** The public address `/organizations/:slug`, lower-case. */
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** Social links (https URLs checked by features/organizations/core/rules.ts). */
    links: text("links")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Set by platform staff: its tournaments are unpublished and its admins can no longer create. */
    bannedAt: timestamp("banned_at", { withTimezone: true }),
    bannedReason: text("banned_reason"),
    /** Set by platform staff: the organization may no longer create or run tournaments (docs/organizations.md "Revoking"). */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedReason: text("revoked_reason"),
    /** The uploaded logo's public path (`/media/organizations/<key>.webp`), or null. */
    logoUrl: text("logo_url"),
    /**
     * The organization's Discord channel webhook (docs/notifications.md): its tournaments' announcements
     * go there unless a tournament has its own. The URL is the secret: shown back only masked.
     */
    discordWebhookUrl: text("discord_webhook_url"),
    createdBy: text("created_by")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("organizations_name_lower").on(sql`lower(${t.name})`)],
);

/**
 * An invitation link to join an organization with a role. Only the SHA-256 of the token is kept:
 * the link itself is shown once to whoever made it. Single-use; expires; revocable.
 */
export const organizationInvites = pgTable(
  "organization_invites",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    tokenHash: text("token_hash").notNull().unique(),
    role: text("role").notNull(),
    createdBy: text("created_by")
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    usedBy: text("used_by").references(() => users.id),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("organization_invites_org_idx").on(t.organizationId, t.createdAt)],
);

/** Who runs an organization: owner | admin | staff (features/organizations/core/rules.ts). */
export const organizationMembers = pgTable(
  "organization_members",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    role: text("role").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] }), index("organization_members_user_idx").on(t.userId)],
);

/** Users platform staff approved as organizers without Plus. */
export const organizers = pgTable("organizers", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id),
  grantedBy: text("granted_by").references(() => users.id),
  createdAt: createdAt(),
});

/** An organization's ban of a player from its events, until `ends_at`, with the reason shown to them. */
export const organizationBans = pgTable(
  "organization_bans",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    reason: text("reason").notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    liftedAt: timestamp("lifted_at", { withTimezone: true }),
    createdBy: text("created_by")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index("organization_bans_lookup").on(t.organizationId, t.userId, t.endsAt)],
);

/** Every table (the database test checks the migrated database has exactly these). */
export const schema = {
  users,
  sessions,
  accounts,
  verifications,
  rateLimits,
  preUsers,
  tournaments,
  registrations,
  registrationPlayers,
  teams,
  teamMembers,
  teamInvites,
  seasons,
  leaderboardStandings,
  streamers,
  streamerChannels,
  streamerFollows,
  streamerDonations,
  tournamentStreams,
  tournamentRecordings,
  tournamentReplaySettings,
  waitlistEntries,
  games,
  topupPackages,
  savedPlayerIds,
  settings,
  orders,
  orderItems,
  paymentProofs,
  orderStatusHistory,
  providerPayments,
  paymentEvents,
  deliveries,
  auditLog,
  exchangeRates,
  paymentAccounts,
  membershipPeriods,
  discordRoles,
  supportMessages,
  supportReplies,
  competitionSettings,
  competitionCheckIns,
  competitionEntrants,
  bracketRows,
  competitionRooms,
  competitionReports,
  competitionResults,
  competitionAudit,
  competitionRoundTimes,
  competitionMatchTimes,
  competitionMatchReminders,
  competitionLobbyResults,
  competitionLobbyReports,
  competitionPrizes,
  mailOutbox,
  notificationPreferences,
  notificationOutbox,
  ledgerAccounts,
  ledgerTransactions,
  ledgerEntries,
  walletWithdrawals,
  walletPrizePayouts,
  prizePoolOrders,
  prizePoolFreezes,
  streamerSubscriptionOrders,
  streamerDonationOrders,
  streamerGifts,
  streamerTestAlerts,
  streamerSubscriptions,
  streamerPosts,
  organizations,
  organizationMembers,
  organizers,
  organizationBans,
  organizationInvites,
};
