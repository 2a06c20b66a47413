/**
 * The streamer's on-stream donation alerts (docs/streamers.md): a secret overlay address made once
 * and replaced on demand; its server-sent events carry each donation after the overlay opened (named
 * only if the donor agreed), resume after the last one shown, and stop with a replaced key.
 */
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { streamers, users } from "~/db/schema";
import { alertKeyOf, regenerateAlertKey, sendTestAlert, streamerByAlertKey } from "~/features/streamers/alerts.server";
import { isAlertKey } from "~/features/streamers/core/alerts";
import { loader as eventsLoader } from "~/features/streamers/routes/alerts-events";
import { loader as overlayLoader } from "~/features/streamers/routes/alerts-overlay";
import { donate } from "~/features/streamers/streamers.server";
import { adjustWallet } from "~/features/wallet/wallet.server";
import { BASE_URL, callRoute, getRequest } from "./support/routes";
import { useTestDatabase } from "./test-database";

const handle = useTestDatabase();
let streamerUserId: string;
let fanId: string;

beforeEach(async () => {
  streamerUserId = randomUUID();
  fanId = randomUUID();
  await handle.db.insert(users).values([
    { id: streamerUserId, email: "valkyria@example.com", name: "Valkyria", language: "es" },
    { id: fanId, email: "fan@example.com", name: "Fan", handle: "fan_ve" },
    { id: "staff-1", email: "staff@example.com", isStaff: true },
  ]);
  await handle.db.insert(streamers).values({ id: randomUUID(), userId: streamerUserId, handle: "valkyria", status: "approved" });
  await adjustWallet(handle.db, {
    staffId: "staff-1",
    userId: fanId,
    currency: "USD",
    amount: 5_000,
    reason: "test",
    idempotencyKey: "fund",
  });
});

const gift = (amount: number, message: string, isPublic: boolean) =>
  donate(handle.db, {
    donorId: fanId,
    handle: "valkyria",
    currency: "USD",
    amount,
    message,
    public: isPublic,
    idempotencyKey: randomUUID(),
  });

/** Opens the overlay's event stream as the browser's EventSource does and reads it until `until` matches (or 10 s). */
async function openEvents(key: string, lastEventId?: string) {
  const abort = new AbortController();
  const request = new Request(`${BASE_URL}/streamers/alerts/${key}/events`, {
    signal: abort.signal,
    headers: lastEventId ? { "Last-Event-ID": lastEventId } : {},
  });
  const response = (await (eventsLoader as unknown as (args: object) => Promise<Response>)({ request, params: { key } })) as Response;
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  // One read at a time: a read left waiting when the time runs out is the one awaited next (else its chunk is lost).
  let pending: ReturnType<typeof reader.read> | null = null;
  let ended = false;
  return {
    response,
    ended: () => ended,
    async readUntil(until: RegExp) {
      const deadline = Date.now() + 10_000;
      while (!until.test(text) && Date.now() < deadline) {
        pending ??= reader.read();
        const chunk = await Promise.race([pending, new Promise<null>((resolve) => setTimeout(() => resolve(null), 500))]);
        if (!chunk) continue;
        pending = null;
        if (chunk.done) {
          ended = true;
          break;
        }
        text += decoder.decode(chunk.value);
      }
      return text;
    },
    close: () => abort.abort(),
  };
}

describe("on-stream donation alerts", () => {
  it("give an approved streamer one secret key, kept until they replace it; nobody else has one", async () => {
    expect(await alertKeyOf(handle.db, fanId)).toBeNull();
    const first = await alertKeyOf(handle.db, streamerUserId);
    expect(first?.handle).toBe("valkyria");
    expect(isAlertKey(first?.key)).toBe(true);
    expect(await alertKeyOf(handle.db, streamerUserId)).toEqual(first);

    expect(await regenerateAlertKey(handle.db, streamerUserId)).toBe(true);
    const second = await alertKeyOf(handle.db, streamerUserId);
    expect(second?.key).not.toBe(first?.key);
    expect(await streamerByAlertKey(handle.db, first!.key)).toBeNull();
    expect(await regenerateAlertKey(handle.db, fanId)).toBe(false);
    // The old address is a plain 404 (page and events), as is a key of the wrong form.
    expect((await callRoute(overlayLoader, getRequest(`/streamers/alerts/${first!.key}`), { key: first!.key })).status).toBe(404);
    expect((await callRoute(eventsLoader, getRequest(`/streamers/alerts/${first!.key}/events`), { key: first!.key })).status).toBe(404);
    expect((await callRoute(overlayLoader, getRequest("/streamers/alerts/x"), { key: "x" })).status).toBe(404);
  });

  it("send each donation made after the overlay opened, in the streamer's language, naming only donors who agreed", async () => {
    await gift(100, "antes de abrir", true);
    const { key } = (await alertKeyOf(handle.db, streamerUserId))!;
    const events = await openEvents(key);
    expect(events.response.headers.get("Content-Type")).toContain("text/event-stream");
    await events.readUntil(/: connected/);

    await gift(500, "¡Vamos Valkyria!", true);
    await gift(250, "", false);
    const text = await events.readUntil(/"amount":"\$2,50"/);
    events.close();
    const alerts = [...text.matchAll(/^data: (.*)$/gm)].map((match) => JSON.parse(match[1]!));
    expect(alerts).toEqual([
      { who: "@fan_ve", amount: "$5,00", message: "¡Vamos Valkyria!" },
      { who: null, amount: "$2,50", message: "" },
    ]);
    expect(text).not.toContain("antes de abrir");
  });

  it("resume after the last donation shown when the overlay reconnects, and end when the key is replaced", async () => {
    const { key } = (await alertKeyOf(handle.db, streamerUserId))!;
    const first = await openEvents(key);
    await first.readUntil(/: connected/);
    await gift(300, "uno", true);
    const firstText = await first.readUntil(/"message":"uno"/);
    first.close();
    const lastId = [...firstText.matchAll(/^id: (.*)$/gm)].at(-1)![1]!;

    await gift(400, "dos", true);
    const again = await openEvents(key, lastId);
    const againText = await again.readUntil(/"message":"dos"/);
    expect(againText).toContain('"message":"dos"');
    expect(againText).not.toContain('"message":"uno"');

    await regenerateAlertKey(handle.db, streamerUserId);
    // The stream notices at its next look and closes (the browser's reconnection then gets a 404).
    await again.readUntil(/$^/);
    expect(again.ended()).toBe(true);
    again.close();
  });

  it("carry the streamer's test alert, marked as a test, among the donations; a reconnection repeats neither", async () => {
    await sendTestAlert(handle.db, streamerUserId);
    const { key } = (await alertKeyOf(handle.db, streamerUserId))!;
    const first = await openEvents(key);
    await first.readUntil(/: connected/);
    await gift(300, "uno", true);
    await first.readUntil(/"message":"uno"/);
    expect(await sendTestAlert(handle.db, streamerUserId)).toBe(true);
    expect(await sendTestAlert(handle.db, fanId)).toBe(false);
    const firstText = await first.readUntil(/"test":true/);
    first.close();
    const alerts = [...firstText.matchAll(/^data: (.*)$/gm)].map((match) => JSON.parse(match[1]!));
    // The test alert sent before the overlay opened is not shown; the one after it is, once.
    expect(alerts).toEqual([
      { who: "@fan_ve", amount: "$3,00", message: "uno" },
      { who: null, amount: "$5,00", message: "Esta es una alerta de prueba: no se movió dinero.", test: true },
    ]);
    const lastId = [...firstText.matchAll(/^id: (.*)$/gm)].at(-1)![1]!;

    await gift(400, "dos", true);
    const again = await openEvents(key, lastId);
    const againText = await again.readUntil(/"message":"dos"/);
    again.close();
    expect(againText).not.toContain('"message":"uno"');
    expect(againText).not.toContain('"test":true');
  });
});
