/**
 * The authorization matrix (docs/reliability.md "Proofs", 1): every route of app/routes.ts is either listed here with
 * what a visitor, the owner of the data, another signed-in user and staff get from its loader
 * and action, or listed as public with the reason. A route added to the table without a line
 * here fails the first test.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  orders,
  organizations,
  paymentProofs,
  streamerDonations,
  streamerTestAlerts,
  streamers,
  teamInvites,
  tournaments,
  users,
} from "~/db/schema";
import { seedDemoData } from "~/db/seed";
import { createOrder } from "~/features/orders/orders.server";
import { useReceiptStorage } from "~/features/orders/receipts.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { localDiskStorage } from "~/lib/storage.server";
import routes from "~/routes";
import { callRoute, formRequest, getRequest, multipartRequest, type RouteAnswer } from "./support/routes";
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { openTestDatabase, resetTables } from "./test-database";

type Role = "visitor" | "owner" | "other" | "staff";
/** signin: sent to /auth; hidden: 404 (the data does not exist for them); forbidden: 403; allowed: served or done. */
type Outcome = "signin" | "hidden" | "forbidden" | "allowed";

interface World {
  owner: { jar: { header(): string }; userId: string };
  cookie: Record<Role, string>;
  /** owner's order awaiting proof (Pago Móvil) and owner's order with a proof sent (Binance). */
  openOrder: string;
  paidOrder: string;
  proofId: string;
  /** A team the owner captains (docs/teams.md). */
  team: string;
  /** The handle of the owner's approved streamer page (docs/streamers.md). */
  streamer: string;
  /** The organization the owner owns, one "other" owns, and a draft tournament of the owner's (docs/organizations.md). */
  org: string;
  otherOrg: string;
  orgTournament: string;
}

interface Case {
  name: string;
  kind: "loader" | "action";
  request: (w: World, cookie: string) => Request;
  params?: (w: World) => Record<string, string>;
  expect: Record<Role, Outcome>;
  /** What a visitor, another user and staff must never see in the answer (self-scoped pages). */
  private?: (w: World) => string[];
  /** For actions: what must be unchanged after everyone but those `allowed` called it. */
  state?: (w: World) => Promise<unknown>;
}

const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
const routeModules = import.meta.glob<Record<string, unknown>>("/app/features/**/routes/*.{ts,tsx}");

const ownerOnly: Record<Role, Outcome> = { visitor: "signin", owner: "allowed", other: "hidden", staff: "hidden" };
const ownerOrStaff: Record<Role, Outcome> = { visitor: "signin", owner: "allowed", other: "hidden", staff: "allowed" };
const staffOnly: Record<Role, Outcome> = { visitor: "hidden", owner: "hidden", other: "hidden", staff: "allowed" };
const anySignedIn: Record<Role, Outcome> = { visitor: "signin", owner: "allowed", other: "allowed", staff: "allowed" };

const orderStatus = (id: string) => async () =>
  (await handleRef.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status;

function proofForm() {
  const form = new FormData();
  form.set("method", "pago_movil");
  form.set("reference", "87654321");
  form.set("bankCode", "0102");
  form.set("paidOn", new Date().toISOString().slice(0, 10));
  form.set("receipt", new Blob([PNG], { type: "image/png" }), "recibo.png");
  return form;
}

/** Route path in app/routes.ts ("" is the index) → its cases, or why it holds no one's data. */
const MATRIX: Record<string, Case[] | { public: string }> = {
  "": { public: "landing page: tournaments and texts only" },
  auth: { public: "sign-in form; sends a link to the address typed (rate limited per address and network)" },
  "auth/continue": { public: "redirect after sign-in; reads only the session's own profile state" },
  "auth/link": { public: "a sign-in link's confirmation: shows the address the token was sent to; only its POST signs in (auth.test.ts)" },
  "auth/oauth": { public: "starts a provider sign-in" },
  "auth/sign-out": { public: "ends the caller's own session" },
  login: { public: "sign-in page" },
  "api/auth/*": { public: "only provider callbacks; old link addresses forward to auth/link (auth-endpoints.test.ts)" },
  store: { public: "catalogue" },
  "store/cart": { public: "the cart lives in the browser" },
  "privacy-terms": { public: "legal text" },
  tournaments: { public: "every upcoming published tournament, filtered by game and fee" },
  "media/cards/:file": { public: "tournament card images (public art, resized on upload)" },
  "media/games/:file": { public: "game icons and banners (public store art, resized on upload)" },
  "tournaments/:tournamentId/bracket": {
    public:
      "the bracket of a published tournament (a draft: 404 but for staff, hostile-holes.test.ts); check-in checks the captain (competition.test.ts)",
  },
  "tournaments/:tournamentId/live": {
    public:
      "server-sent 'this bracket changed' events, no data; with ?v= (server/app.ts) the public bracket block a visitor sees anyway; a draft: 404 but for staff",
  },
  "tournaments/:tournamentId/matches/:matchId": {
    public: "match page; room id and password only for the two teams and staff (competition.test.ts)",
  },
  "tournaments/:tournamentId/matches/:matchId/screenshots/:reportId": {
    public: "served only to the match's two captains and staff (competition.test.ts)",
  },
  plus: [
    {
      name: "the Plus offer is public",
      kind: "loader",
      request: (_w, cookie) => getRequest("/plus", cookie),
      expect: { visitor: "allowed", owner: "allowed", other: "allowed", staff: "allowed" },
    },
    {
      name: "buying Plus needs a signed-in user and buys for them only",
      kind: "action",
      request: (_w, cookie) => formRequest("/plus", { phone: "123", paymentMethod: "binance" }, cookie),
      expect: anySignedIn,
    },
  ],
  "auth/link-discord": [
    {
      name: "linking Discord to the caller's own account (no provider configured here: back to the profile)",
      kind: "action",
      request: (_w, cookie) => formRequest("/auth/link-discord", {}, cookie),
      expect: anySignedIn,
    },
  ],
  "plus/discord-role": [
    {
      name: "asking Discord again for the caller's own premium role (nothing refused here: nothing queued)",
      kind: "action",
      request: (_w, cookie) => formRequest("/plus/discord-role", { redirectTo: "/plus" }, cookie),
      expect: anySignedIn,
    },
  ],
  support: [
    { name: "support form", kind: "loader", request: (_w, cookie) => getRequest("/support", cookie), expect: anySignedIn },
    {
      name: "sending a support message",
      kind: "action",
      request: (_w, cookie) => formRequest("/support", { topic: "other" }, cookie),
      expect: anySignedIn,
    },
  ],
  "*": { public: "not found page" },
  // Organizations (docs/organizations.md; tests/integration/organizations.test.ts has every role of an organization).
  // "owner" owns the organization and its tournament; "other" owns another organization; staff are the platform's.
  organizations: [
    {
      name: "my organizations are the caller's own",
      kind: "loader",
      request: (_w, cookie) => getRequest("/organizations", cookie),
      expect: anySignedIn,
    },
  ],
  "organizations/new": [
    {
      name: "the page explains who may create one",
      kind: "loader",
      request: (_w, cookie) => getRequest("/organizations/new", cookie),
      expect: { visitor: "allowed", owner: "allowed", other: "allowed", staff: "allowed" },
    },
    {
      name: "creating one needs Plus, an organizer approval or staff",
      kind: "action",
      request: (_w, cookie) => formRequest("/organizations/new", { name: "Staff Org" }, cookie),
      expect: { visitor: "signin", owner: "forbidden", other: "forbidden", staff: "allowed" },
      state: async () => (await handleRef.db.select({ id: organizations.id }).from(organizations)).length,
    },
  ],
  "organizations/join/:token": [
    {
      name: "an invitation link needs a signed-in user; an unknown one is a 404 (organization-invites.test.ts has every state)",
      kind: "loader",
      request: (_w, cookie) => getRequest(`/organizations/join/${"u".repeat(43)}`, cookie),
      params: () => ({ token: "u".repeat(43) }),
      expect: { visitor: "signin", owner: "hidden", other: "hidden", staff: "hidden" },
    },
  ],
  "media/organizations/:file": { public: "organizations' logos (public, re-encoded on upload; organization-invites.test.ts)" },
  "organizations/:slug": { public: "an organization's page: published tournaments and winners only (organizations.test.ts)" },
  "organizations/:slug/manage": [
    {
      name: "members manage; another organization's owner: not there",
      kind: "loader",
      request: (w, cookie) => getRequest(`/organizations/${w.org}/manage`, cookie),
      params: (w) => ({ slug: w.org }),
      expect: ownerOrStaff,
    },
    {
      name: "a member's change (refused form: nothing changed)",
      kind: "action",
      request: (w, cookie) => formRequest(`/organizations/${w.org}/manage`, { intent: "details", name: "" }, cookie),
      params: (w) => ({ slug: w.org }),
      expect: ownerOrStaff,
    },
  ],
  "organizations/:slug/manage/discord": [
    {
      name: "the organization's Discord webhook (shown masked)",
      kind: "loader",
      request: (w, cookie) => getRequest(`/organizations/${w.org}/manage/discord`, cookie),
      params: (w) => ({ slug: w.org }),
      expect: ownerOrStaff,
    },
    {
      name: "setting it (refused: not a Discord webhook, nothing stored)",
      kind: "action",
      request: (w, cookie) =>
        formRequest(`/organizations/${w.org}/manage/discord`, { intent: "save", webhook: "https://evil.example/x" }, cookie),
      params: (w) => ({ slug: w.org }),
      expect: ownerOrStaff,
      state: async () => (await handleRef.db.select({ url: organizations.discordWebhookUrl }).from(organizations)).map((row) => row.url),
    },
  ],
  "organizations/:slug/manage/tournaments/new": [
    {
      name: "the staff's tournament form, for the organization's owner and admins",
      kind: "loader",
      request: (w, cookie) => getRequest(`/organizations/${w.org}/manage/tournaments/new`, cookie),
      params: (w) => ({ slug: w.org }),
      expect: ownerOrStaff,
    },
    {
      name: "creating a tournament (refused form: nothing made)",
      kind: "action",
      request: (w, cookie) => formRequest(`/organizations/${w.org}/manage/tournaments/new`, { title: "" }, cookie),
      params: (w) => ({ slug: w.org }),
      expect: ownerOrStaff,
      state: async () => (await handleRef.db.select({ id: tournaments.id }).from(tournaments)).length,
    },
  ],
  "organizations/:slug/manage/tournaments/:tournamentId": [
    {
      name: "editing the organization's tournament",
      kind: "loader",
      request: (w, cookie) => getRequest(`/organizations/${w.org}/manage/tournaments/${w.orgTournament}`, cookie),
      params: (w) => ({ slug: w.org, tournamentId: w.orgTournament }),
      expect: ownerOrStaff,
    },
    {
      name: "through another organization's address: nobody (not even its owner) reaches this tournament",
      kind: "loader",
      request: (w, cookie) => getRequest(`/organizations/${w.otherOrg}/manage/tournaments/${w.orgTournament}`, cookie),
      params: (w) => ({ slug: w.otherOrg, tournamentId: w.orgTournament }),
      expect: { visitor: "signin", owner: "hidden", other: "hidden", staff: "hidden" },
    },
    {
      name: "a platform tournament is no organization's",
      kind: "loader",
      request: (w, cookie) => getRequest(`/organizations/${w.org}/manage/tournaments/blood-strike-duo-clash`, cookie),
      params: (w) => ({ slug: w.org, tournamentId: "blood-strike-duo-clash" }),
      expect: { visitor: "signin", owner: "hidden", other: "hidden", staff: "hidden" },
    },
    {
      name: "publishing it (organization's moves table)",
      kind: "action",
      request: (w, cookie) => formRequest(`/organizations/${w.org}/manage/tournaments/${w.orgTournament}`, { intent: "publish" }, cookie),
      params: (w) => ({ slug: w.org, tournamentId: w.orgTournament }),
      expect: { visitor: "signin", owner: "allowed", other: "hidden", staff: "allowed" },
    },
    {
      name: "cancelling it (a reason too long: nothing cancelled)",
      kind: "action",
      request: (w, cookie) =>
        formRequest(
          `/organizations/${w.org}/manage/tournaments/${w.orgTournament}`,
          { intent: "cancel", reason: "x".repeat(400), confirm: "yes" },
          cookie,
        ),
      params: (w) => ({ slug: w.org, tournamentId: w.orgTournament }),
      expect: { visitor: "signin", owner: "allowed", other: "hidden", staff: "allowed" },
      state: async (w) =>
        (await handleRef.db.select({ status: tournaments.status }).from(tournaments).where(eq(tournaments.id, w.orgTournament)))[0]?.status,
    },
  ],
  "organizations/:slug/manage/tournaments/:tournamentId/run": [
    {
      name: "running the organization's tournament",
      kind: "loader",
      request: (w, cookie) => getRequest(`/organizations/${w.org}/manage/tournaments/${w.orgTournament}/run`, cookie),
      params: (w) => ({ slug: w.org, tournamentId: w.orgTournament }),
      expect: ownerOrStaff,
    },
    {
      name: "an operation on it",
      kind: "action",
      request: (w, cookie) =>
        formRequest(`/organizations/${w.org}/manage/tournaments/${w.orgTournament}/run`, { intent: "nothing" }, cookie),
      params: (w) => ({ slug: w.org, tournamentId: w.orgTournament }),
      expect: ownerOrStaff,
    },
    {
      name: "through another organization's address: not there",
      kind: "loader",
      request: (w, cookie) => getRequest(`/organizations/${w.otherOrg}/manage/tournaments/${w.orgTournament}/run`, cookie),
      params: (w) => ({ slug: w.otherOrg, tournamentId: w.orgTournament }),
      expect: { visitor: "signin", owner: "hidden", other: "hidden", staff: "hidden" },
    },
  ],
  "organizations/:slug/manage/tournaments/:tournamentId/streams": [
    {
      name: "the organization's tournament's streams",
      kind: "loader",
      request: (w, cookie) => getRequest(`/organizations/${w.org}/manage/tournaments/${w.orgTournament}/streams`, cookie),
      params: (w) => ({ slug: w.org, tournamentId: w.orgTournament }),
      expect: ownerOrStaff,
    },
    {
      name: "attaching a stream to it",
      kind: "action",
      request: (w, cookie) =>
        formRequest(`/organizations/${w.org}/manage/tournaments/${w.orgTournament}/streams`, { intent: "nothing" }, cookie),
      params: (w) => ({ slug: w.org, tournamentId: w.orgTournament }),
      expect: ownerOrStaff,
    },
    {
      name: "through another organization's address: not there",
      kind: "loader",
      request: (w, cookie) => getRequest(`/organizations/${w.otherOrg}/manage/tournaments/${w.orgTournament}/streams`, cookie),
      params: (w) => ({ slug: w.otherOrg, tournamentId: w.orgTournament }),
      expect: { visitor: "signin", owner: "hidden", other: "hidden", staff: "hidden" },
    },
  ],
  "organizations/:slug/manage/tournaments/:tournamentId/registrations": [
    {
      name: "the organization's tournament's registrations (docs/organizations.md \"Registrations\")",
      kind: "loader",
      request: (w, cookie) => getRequest(`/organizations/${w.org}/manage/tournaments/${w.orgTournament}/registrations`, cookie),
      params: (w) => ({ slug: w.org, tournamentId: w.orgTournament }),
      expect: ownerOrStaff,
    },
    {
      name: "removing a team (refused without a reason: nothing removed)",
      kind: "action",
      request: (w, cookie) =>
        formRequest(
          `/organizations/${w.org}/manage/tournaments/${w.orgTournament}/registrations`,
          { intent: "remove", reason: "" },
          cookie,
        ),
      params: (w) => ({ slug: w.org, tournamentId: w.orgTournament }),
      expect: ownerOrStaff,
    },
    {
      name: "through another organization's address: not there",
      kind: "loader",
      request: (w, cookie) => getRequest(`/organizations/${w.otherOrg}/manage/tournaments/${w.orgTournament}/registrations`, cookie),
      params: (w) => ({ slug: w.otherOrg, tournamentId: w.orgTournament }),
      expect: { visitor: "signin", owner: "hidden", other: "hidden", staff: "hidden" },
    },
  ],
  "organizations/:slug/manage/tournaments/:tournamentId/registrations.csv": [
    {
      name: "the registrations' CSV",
      kind: "loader",
      request: (w, cookie) => getRequest(`/organizations/${w.org}/manage/tournaments/${w.orgTournament}/registrations.csv`, cookie),
      params: (w) => ({ slug: w.org, tournamentId: w.orgTournament }),
      expect: ownerOrStaff,
    },
    {
      name: "through another organization's address: not there",
      kind: "loader",
      request: (w, cookie) => getRequest(`/organizations/${w.otherOrg}/manage/tournaments/${w.orgTournament}/registrations.csv`, cookie),
      params: (w) => ({ slug: w.otherOrg, tournamentId: w.orgTournament }),
      expect: { visitor: "signin", owner: "hidden", other: "hidden", staff: "hidden" },
    },
  ],
  "admin/tournaments/:tournamentId/run": [
    {
      name: "the /admin run page is platform staff's, even for the tournament's organization",
      kind: "loader",
      request: (w, cookie) => getRequest(`/admin/tournaments/${w.orgTournament}/run`, cookie),
      params: (w) => ({ tournamentId: w.orgTournament }),
      expect: staffOnly,
    },
  ],
  "admin/organizations": [
    { name: "approvals and bans", kind: "loader", request: (_w, cookie) => getRequest("/admin/organizations", cookie), expect: staffOnly },
  ],
  // Teams (docs/teams.md; tests/integration/teams.test.ts has every act of the team page).
  teams: [
    { name: "my teams are the caller's own", kind: "loader", request: (_w, cookie) => getRequest("/teams", cookie), expect: anySignedIn },
    {
      name: "creating a team (refused form: nothing made)",
      kind: "action",
      request: (_w, cookie) => formRequest("/teams", { intent: "create", game: "chess" }, cookie),
      expect: anySignedIn,
    },
  ],
  "teams/:teamId": [
    {
      name: "a team's page is public (roster, no phones or e-mails)",
      kind: "loader",
      request: (w, cookie) => getRequest(`/teams/${w.team}`, cookie),
      params: (w) => ({ teamId: w.team }),
      expect: { visitor: "allowed", owner: "allowed", other: "allowed", staff: "allowed" },
    },
    {
      name: "only the captain makes invite links; anyone else: the team is not there for them",
      kind: "action",
      request: (w, cookie) => formRequest(`/teams/${w.team}`, { intent: "invite-link" }, cookie),
      params: (w) => ({ teamId: w.team }),
      expect: ownerOnly,
      state: async () => handleRef.db.$count(teamInvites),
    },
  ],
  "teams/join/:token": [
    {
      name: "an invite link needs a signed-in user; an unknown one is a 404",
      kind: "loader",
      request: (_w, cookie) => getRequest("/teams/join/unknown-token", cookie),
      params: () => ({ token: "unknown-token" }),
      expect: { visitor: "signin", owner: "hidden", other: "hidden", staff: "hidden" },
    },
  ],
  "players/me": [
    {
      name: "sends the caller to their own player page, or to the form that sets a public name",
      kind: "loader",
      request: (_w, cookie) => getRequest("/players/me", cookie),
      expect: anySignedIn,
    },
  ],
  leaderboards: { public: "the list of games with a leaderboard, and a link to one's own stats" },
  "leaderboards/:game": {
    public: "a season's ranking of players (public handle only) and teams; no account id, name, phone or e-mail (leaderboard.test.ts)",
  },
  "players/:handle": {
    public:
      "a player's public page: handle, and what the player chose to show (teams, tournaments, record, store IDs); never full name, phone or e-mail (teams.test.ts, profile-privacy.test.ts)",
  },
  "account/profile": [
    {
      name: "the public profile's choices and store IDs are the caller's own (another's ID cannot be picked: profile-privacy.test.ts)",
      kind: "loader",
      request: (_w, cookie) => getRequest("/account/profile", cookie),
      expect: anySignedIn,
    },
  ],
  "media/teams/:file": { public: "team logos captains uploaded (public, re-encoded on upload; team-logo.test.ts)" },
  // Streamers (docs/streamers.md; tests/integration/streamers.test.ts has every act).
  streamers: { public: "approved streamers' handles, games, follower counts and live status" },
  "streamers/apply": [
    {
      name: "the application is the caller's own",
      kind: "loader",
      request: (_w, cookie) => getRequest("/streamers/apply", cookie),
      expect: anySignedIn,
    },
    {
      name: "applying (refused form: nothing made)",
      kind: "action",
      request: (_w, cookie) => formRequest("/streamers/apply", { handle: "x" }, cookie),
      expect: anySignedIn,
      state: async () => handleRef.db.$count(streamers),
    },
  ],
  "streamers/me": [
    {
      name: "sends the caller to their own page or application",
      kind: "loader",
      request: (_w, cookie) => getRequest("/streamers/me", cookie),
      expect: anySignedIn,
    },
  ],
  "streamers/alerts": [
    {
      name: "the alert address shown is the caller's own streamer's (anyone else is sent to apply)",
      kind: "loader",
      request: (_w, cookie) => getRequest("/streamers/alerts", cookie),
      expect: anySignedIn,
    },
    {
      name: "replacing the alert address replaces only the caller's own",
      kind: "action",
      request: (_w, cookie) => formRequest("/streamers/alerts", { intent: "regenerate" }, cookie),
      expect: anySignedIn,
    },
    {
      name: "a test alert goes only to the caller's own overlay (anyone but a streamer is sent to apply: nothing written)",
      kind: "action",
      request: (_w, cookie) => formRequest("/streamers/alerts", { intent: "test" }, cookie),
      expect: anySignedIn,
      state: async () => handleRef.db.$count(streamerTestAlerts),
    },
  ],
  "streamers/alerts/:key": {
    public:
      "the donation overlay of whoever holds the secret key (donor handles only if they agreed); a wrong or replaced key: 404 (stream-alerts.test.ts)",
  },
  "streamers/alerts/:key/events": {
    public: "the overlay's donation events, behind the same secret key (stream-alerts.test.ts)",
  },
  "streamers/:handle": [
    {
      name: "an approved streamer's page is public",
      kind: "loader",
      request: (w, cookie) => getRequest(`/streamers/${w.streamer}`, cookie),
      params: (w) => ({ handle: w.streamer }),
      expect: { visitor: "allowed", owner: "allowed", other: "allowed", staff: "allowed" },
    },
    {
      name: "only the streamer flips their live switch; anyone else: not there for them",
      kind: "action",
      request: (w, cookie) => formRequest(`/streamers/${w.streamer}`, { intent: "live-on" }, cookie),
      params: (w) => ({ handle: w.streamer }),
      expect: ownerOnly,
      state: async () => (await handleRef.db.select({ live: streamers.live }).from(streamers))[0]?.live,
    },
    {
      name: "donating needs a signed-in user and takes only from the caller's own wallet (empty here: nothing moves)",
      kind: "action",
      request: (w, cookie) =>
        formRequest(
          `/streamers/${w.streamer}`,
          { intent: "donate", currency: "USD", amount: "1", key: "33333333-3333-4333-8333-333333333333" },
          cookie,
        ),
      params: (w) => ({ handle: w.streamer }),
      expect: anySignedIn,
      state: async () => handleRef.db.$count(streamerDonations),
    },
    {
      name: "a donation paid as an order is the caller's own order (a refused amount here: nothing made)",
      kind: "action",
      request: (w, cookie) =>
        formRequest(
          `/streamers/${w.streamer}`,
          { intent: "donate-order", amount: "0", phone: "04141234567", paymentMethod: "binance" },
          cookie,
        ),
      params: (w) => ({ handle: w.streamer }),
      expect: anySignedIn,
      state: async () => handleRef.db.$count(orders, eq(orders.kind, "donation")),
    },
  ],
  "account/notices": [
    {
      name: "notice settings are the caller's own",
      kind: "loader",
      request: (_w, cookie) => getRequest("/account/notices", cookie),
      expect: anySignedIn,
    },
  ],
  wallet: [
    {
      name: "the wallet shows only the caller's balance and movements",
      kind: "loader",
      request: (_w, cookie) => getRequest("/wallet", cookie),
      expect: anySignedIn,
    },
  ],
  "wallet/pay-order": {
    public: "POST only: pays the caller's own unpaid order from the caller's own balance, checked in the ledger (wallet-ledger.test.ts)",
  },
  "orders/:orderId/pay/:method/start": {
    public: "creates the provider payment for the caller's own order only (instant-payments.test.ts); off unless a provider is configured",
  },
  "orders/:orderId/pay/binance/qr": { public: "the QR of the caller's own provider payment only (instant-payments.test.ts)" },
  "orders/:orderId/paypal/return": { public: "captures only the caller's own PayPal order (instant-payments.test.ts)" },
  "orders/:orderId/live": { public: "server-sent status of an order: 404 unless the caller owns it or is staff (docs/payments.md)" },
  "webhooks/binance-pay": { public: "signed by the provider: a bad or replayed signature is refused (instant-payments.test.ts)" },
  "webhooks/paypal": { public: "verified with the provider: a bad signature is refused (instant-payments.test.ts)" },
  "tournaments/:tournamentId/lobbies/:lobby/screenshots/:registrationId": {
    public: "served only to that team's captain and staff (lobby-reports.test.ts)",
  },
  "auth/profile": [
    {
      name: "profile page shows only the caller's own profile",
      kind: "loader",
      request: (_w, cookie) => getRequest("/auth/profile", cookie),
      expect: anySignedIn,
      private: () => ["owner@example.com"],
    },
    {
      name: "profile form cannot write another user's profile",
      kind: "action",
      request: (w, cookie) =>
        formRequest(
          "/auth/profile",
          { userId: w.owner.userId, email: "owner@example.com", fullname: "Renamed", age: "30", favoriteGame: "free-fire" },
          cookie,
        ),
      expect: { visitor: "signin", owner: "allowed", other: "forbidden", staff: "forbidden" },
      state: async () => (await handleRef.db.select({ name: users.name }).from(users).where(eq(users.email, "owner@example.com")))[0]?.name,
    },
  ],
  tournament: [
    {
      name: "the tournament page is public (GET); it shows only the caller's own registration",
      kind: "loader",
      request: (_w, cookie) => getRequest("/tournament?id=blood-strike-duo-clash", cookie),
      expect: { visitor: "allowed", owner: "allowed", other: "allowed", staff: "allowed" },
      private: () => ["owner-team"],
    },
    {
      name: "registering (POST) needs a signed-in user",
      kind: "action",
      request: (_w, cookie) => formRequest("/tournament", { tournamentId: "copa-free-fire-solo" }, cookie),
      expect: { visitor: "signin", owner: "allowed", other: "allowed", staff: "allowed" },
    },
  ],
  "store/:gameId": [
    {
      name: "the game page is public; the remembered player IDs are the caller's own",
      kind: "loader",
      request: (_w, cookie) => getRequest("/store/free-fire", cookie),
      params: () => ({ gameId: "free-fire" }),
      expect: { visitor: "allowed", owner: "allowed", other: "allowed", staff: "allowed" },
      private: () => ["OWNER-ID-777", "owner-gamer"],
    },
    {
      name: "buying now needs a signed-in user",
      kind: "action",
      request: (_w, cookie) => formRequest("/store/free-fire", { intent: "buy", packageId: "no-such-package" }, cookie),
      params: () => ({ gameId: "free-fire" }),
      expect: anySignedIn,
    },
  ],
  "store/:gameId/check-id": { public: "checks a typed player ID with the external checker; reads and writes nothing of anyone's" },
  "store/cart/checkout": [
    { name: "checkout page", kind: "loader", request: (_w, cookie) => getRequest("/store/cart/checkout", cookie), expect: anySignedIn },
    {
      name: "checkout needs a signed-in user",
      kind: "action",
      request: (_w, cookie) => formRequest("/store/cart/checkout", { items: "[]" }, cookie),
      expect: anySignedIn,
    },
  ],
  orders: [
    {
      name: "my orders lists only the caller's orders",
      kind: "loader",
      request: (_w, cookie) => getRequest("/orders", cookie),
      expect: anySignedIn,
      private: (w) => [w.openOrder, w.paidOrder],
    },
  ],
  "orders/:orderId": [
    {
      name: "order page",
      kind: "loader",
      request: (w, cookie) => getRequest(`/orders/${w.openOrder}`, cookie),
      params: (w) => ({ orderId: w.openOrder }),
      expect: ownerOrStaff,
    },
  ],
  "orders/:orderId/pay/:method": [
    {
      name: "payment page",
      kind: "loader",
      request: (w, cookie) => getRequest(`/orders/${w.openOrder}/pay/pago_movil`, cookie),
      params: (w) => ({ orderId: w.openOrder, method: "pago_movil" }),
      expect: ownerOnly,
    },
  ],
  "orders/:orderId/proof": [
    {
      name: "sending proof",
      kind: "action",
      request: (w, cookie) => multipartRequest(`/orders/${w.openOrder}/proof`, proofForm(), cookie),
      params: (w) => ({ orderId: w.openOrder }),
      expect: ownerOnly,
      state: async () => [await orderStatus(worldRef.openOrder)(), await handleRef.db.$count(paymentProofs)],
    },
  ],
  "orders/:orderId/cancel": [
    {
      name: "cancelling",
      kind: "action",
      request: (w, cookie) => formRequest(`/orders/${w.openOrder}/cancel`, {}, cookie),
      params: (w) => ({ orderId: w.openOrder }),
      expect: { visitor: "signin", owner: "allowed", other: "hidden", staff: "hidden" },
      state: async () => orderStatus(worldRef.openOrder)(),
    },
  ],
  "orders/:orderId/receipts/:proofId": [
    {
      name: "receipt file",
      kind: "loader",
      request: (w, cookie) => getRequest(`/orders/${w.paidOrder}/receipts/${w.proofId}`, cookie),
      params: (w) => ({ orderId: w.paidOrder, proofId: w.proofId }),
      expect: ownerOrStaff,
    },
  ],
  "store/cart/checkout/payment": [
    {
      name: "store payment entry",
      kind: "loader",
      request: (w, cookie) => getRequest(`/store/cart/checkout/payment?order=${w.openOrder}`, cookie),
      expect: ownerOnly,
    },
  ],
  "tournament/payment": [
    {
      name: "tournament payment entry",
      kind: "loader",
      request: (w, cookie) => getRequest(`/tournament/payment?order=${w.openOrder}`, cookie),
      expect: ownerOnly,
    },
  ],
  "admin/orders": [
    { name: "staff queue", kind: "loader", request: (_w, cookie) => getRequest("/admin/orders", cookie), expect: staffOnly },
  ],
  "admin/orders/:orderId": [
    {
      name: "staff review page",
      kind: "loader",
      request: (w, cookie) => getRequest(`/admin/orders/${w.paidOrder}`, cookie),
      params: (w) => ({ orderId: w.paidOrder }),
      expect: staffOnly,
    },
    {
      name: "staff decision",
      kind: "action",
      request: (w, cookie) => formRequest(`/admin/orders/${w.paidOrder}`, { intent: "approve" }, cookie),
      params: (w) => ({ orderId: w.paidOrder }),
      expect: staffOnly,
      state: async () => orderStatus(worldRef.paidOrder)(),
    },
  ],
};

let handleRef: DatabaseHandle;
let worldRef: World;
let mailer: ReturnType<typeof memoryMailer>;
let receiptsDir: string;

beforeAll(async () => {
  handleRef = await openTestDatabase();
  receiptsDir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-matrix-"));
  useReceiptStorage(localDiskStorage(receiptsDir));
});
afterAll(async () => {
  useReceiptStorage(undefined);
  await handleRef.close();
});

async function orderOf(userId: string, method: "pago_movil" | "binance") {
  const { id } = await createOrder(handleRef.db, {
    userId,
    kind: "store",
    paymentMethod: method,
    currency: method === "pago_movil" ? "VES" : "USD",
    amount: method === "pago_movil" ? 49100 : 200,
    amountUsd: 200,
    exchangeRate: method === "pago_movil" ? "245.50" : null,
    phone: "04141234567",
    email: "owner@example.com",
    expiresAt: new Date(Date.now() + 3_600_000),
    items: [{ label: "341 Diamantes", unitAmount: 200, quantity: 1 }],
  });
  return id;
}

beforeEach(async () => {
  await resetTables(handleRef);
  await seedDemoData(handleRef.db);
  mailer = memoryMailer();
  useTestAuth(handleRef.db, mailer);
  const owner = await signInAs(handleRef.db, mailer, "owner@example.com");
  const other = await signInAs(handleRef.db, mailer, "other@example.com");
  const staff = await signInAs(handleRef.db, mailer, "staff@example.com", { staff: true });
  const openOrder = await orderOf(owner.userId, "pago_movil");
  const { rememberPlayerId } = await import("~/features/store/saved-player-ids.server");
  await rememberPlayerId(handleRef.db, {
    userId: owner.userId,
    gameId: "free-fire",
    playerId: "OWNER-ID-777",
    zone: null,
    gamerName: "owner-gamer",
  });
  const paidOrder = await orderOf(owner.userId, "binance");
  const proof = new FormData();
  proof.set("method", "binance");
  proof.set("transactionId", "BIN-2026-0001");
  proof.set("receipt", new Blob([PNG], { type: "image/png" }), "recibo.png");
  const { action: proofAction } = await import("~/features/orders/routes/proof");
  const sent = await callRoute(proofAction, multipartRequest(`/orders/${paidOrder}/proof`, proof, owner.jar.header()), {
    orderId: paidOrder,
  });
  expect(sent.status).toBe(200);
  const [row] = await handleRef.db.select({ id: paymentProofs.id }).from(paymentProofs).where(eq(paymentProofs.orderId, paidOrder));
  // The owner's registration on the duo tournament, which nobody else's tournament page may show.
  const { registerForTournament } = await import("~/features/tournaments/registrations.server");
  await registerForTournament(handleRef.db, {
    tournamentId: "blood-strike-duo-clash",
    userId: owner.userId,
    email: "owner@example.com",
    registration: {
      teamName: "owner-team",
      coachName: null,
      phone: "04141234567",
      paymentMethod: "binance",
      players: [
        { name: "Uno", ign: "owner-uno", phone: "04121234567" },
        { name: "Dos", ign: "owner-dos", phone: null },
      ],
    },
    exchangeRate: "245.50",
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  const { createTeam } = await import("~/features/teams/teams.server");
  const team = await createTeam(handleRef.db, owner.userId, {
    game: "blood-strike",
    name: "Owner Team",
    tag: "OWN",
    country: "VE",
    logoUrl: null,
    ign: "owner-bs",
  });
  const { applyAsStreamer, decideStreamer } = await import("~/features/streamers/streamers.server");
  const applied = await applyAsStreamer(handleRef.db, owner.userId, {
    handle: "owner-streams",
    bio: "",
    games: ["free-fire"],
    channels: [{ platform: "kick", url: "https://kick.com/owner" }],
  });
  await decideStreamer(handleRef.db, { staffId: staff.userId, streamerId: applied.id, to: "approved", reason: null });
  const { createOrganization } = await import("~/features/organizations/organizations.server");
  const org = await createOrganization(handleRef.db, owner.userId, { name: "Owner Org", slug: "owner-org", description: "", links: [] });
  await createOrganization(handleRef.db, other.userId, { name: "Other Org", slug: "other-org", description: "", links: [] });
  const [source] = await handleRef.db.select().from(tournaments).where(eq(tournaments.id, "blood-strike-duo-clash"));
  const { createdAt: _c, updatedAt: _u, ...copy } = source!;
  await handleRef.db.insert(tournaments).values({ ...copy, id: "owner-org-cup", status: "draft", organizationId: org.id });
  worldRef = {
    org: "owner-org",
    otherOrg: "other-org",
    orgTournament: "owner-org-cup",
    team: team.id,
    streamer: "owner-streams",
    owner,
    cookie: { visitor: "", owner: owner.jar.header(), other: other.jar.header(), staff: staff.jar.header() },
    openOrder,
    paidOrder,
    proofId: String(row!.id),
  };
});

interface RouteEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}
/** The route table flattened: nested routes get their parent's path in front. */
const allRoutes: { path: string; file: string }[] = (function flatten(
  entries: RouteEntry[],
  parent: string,
): { path: string; file: string }[] {
  return entries.flatMap((route) => {
    const own = route.index ? parent : [parent, route.path ?? ""].filter(Boolean).join("/");
    return [{ path: own, file: route.file }, ...flatten(route.children ?? [], own)];
  });
})(routes as RouteEntry[], "");

function outcomeOf(answer: RouteAnswer): Outcome | `status ${number}` {
  if ((answer.status === 302 || answer.status === 303) && /^(\/auth\?|\/auth$|http:\/\/localhost:3000\/auth)/.test(answer.location ?? ""))
    return "signin";
  if (answer.status === 404) return "hidden";
  if (answer.status === 403) return "forbidden";
  if (answer.status < 500) return "allowed";
  return `status ${answer.status}`;
}

describe("authorization matrix", () => {
  it("covers every route of app/routes.ts", () => {
    // Every page under /admin is staff-only and enumerated by tests/integration/admin-access.test.ts;
    // the ones that touch orders are also here.
    const paths = allRoutes.map((route) => route.path).filter((p) => p !== "admin" && !(p.startsWith("admin/") && !(p in MATRIX)));
    expect(
      paths.filter((p) => !(p in MATRIX)),
      "routes missing from the matrix",
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((p) => !paths.includes(p)),
      "matrix lines for routes that no longer exist",
    ).toEqual([]);
  });

  const cases = Object.entries(MATRIX).flatMap(([routePath, entry]) =>
    Array.isArray(entry) ? entry.map((c) => ({ routePath, name: c.name, c })) : [],
  );
  it.each(cases)("/$routePath: $name", async ({ routePath, c }) => {
    const route = allRoutes.find((r) => r.path === routePath)!;
    const module = await routeModules[`/app/${route.file}`]!();
    const fn = module[c.kind] as Parameters<typeof callRoute>[0];
    expect(fn, `${route.file} exports a ${c.kind}`).toBeTypeOf("function");
    const before = c.state ? await c.state(worldRef) : undefined;
    // Those who must not act go first; the state must not move until an allowed role acts.
    const order: Role[] = ["visitor", "other", "staff", "owner"].sort(
      (a, b) => Number(c.expect[a as Role] === "allowed") - Number(c.expect[b as Role] === "allowed"),
    ) as Role[];
    const seen: Record<string, string> = {};
    for (const role of order) {
      if (c.state && c.expect[role] === "allowed") {
        expect(await c.state(worldRef), `nothing changed before ${role} (allowed) acted`).toEqual(before);
      }
      const answer = await callRoute(fn, c.request(worldRef, worldRef.cookie[role]), c.params?.(worldRef) ?? {});
      seen[role] = outcomeOf(answer);
      if (c.private && role !== "owner") {
        const text = JSON.stringify(answer.data ?? null);
        for (const secret of c.private(worldRef)) expect(text, `${role} must not see ${secret}`).not.toContain(secret);
      }
    }
    expect(seen).toEqual(c.expect);
  });
});
