import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Language } from "~/domain/language";
import type { Transaction } from "~/lib/db.server";
import { announceChange, BROADCAST_WINDOW_MS } from "./competition-events.server";
import { RenderCache, createLiveChannel, extractSwapBlock, fragmentEvent, limiter, retryMs, type LiveSource } from "./live-channel.server";

/** A response that records what is written; `writableLength` is what the test says is still unsent. */
class FakeResponse extends EventEmitter {
  written: string[] = [];
  status = 0;
  writableLength = 0;
  destroyed = false;
  writableEnded = false;
  writeHead(status: number) {
    this.status = status;
    return this;
  }
  setHeader() {}
  write(chunk: string | Buffer) {
    this.written.push(chunk.toString());
    return true;
  }
  end(chunk?: string) {
    if (chunk) this.written.push(chunk);
    this.writableEnded = true;
    this.emit("close");
  }
  destroy() {
    this.destroyed = true;
    this.emit("close");
  }
  /** The `fragment` events received: [version, html]. */
  fragments() {
    return this.written
      .filter((text) => text.includes("event: fragment"))
      .map((text) => {
        const id = /^id: (.*)$/m.exec(text)![1]!;
        const html = [...text.matchAll(/^data: (.*)$/gm)].map((match) => match[1]).join("\n");
        return [id, html];
      });
  }
}

function request(language: Language = "es") {
  return { headers: { cookie: `lang=${language}` }, socket: { setNoDelay() {}, setTimeout() {} } } as unknown as IncomingMessage;
}

/** A source whose version the test moves; each render says its tournament, version and language. */
function fakeSource(initial = "v1") {
  const state = { version: initial as string | null };
  const source: LiveSource & { renders: string[] } = {
    renders: [],
    version: vi.fn(async () => state.version),
    async render(tournamentId, language) {
      const html = `<section data-swap>${tournamentId} ${state.version} ${language}</section>`;
      source.renders.push(`${state.version}:${language}`);
      return html;
    },
  };
  return { source, state };
}

/** A write to the tournament in this process (PGlite: the emitter), then the coalescing window and the work after it. */
async function changed(tournamentId: string) {
  (await announceChange({} as Transaction, tournamentId))();
  await settle();
}
async function settle() {
  for (let round = 0; round < 20; round++) await new Promise((resolve) => setImmediate(resolve));
}

afterEach(() => vi.useRealTimers());

describe("the spectators' live channel", () => {
  it("renders a new version once per language for every viewer, and sends the same bytes to each", async () => {
    const { source, state } = fakeSource();
    const channel = createLiveChannel(source);
    const viewers = [new FakeResponse(), new FakeResponse(), new FakeResponse()];
    await channel.handle(request("es"), viewers[0] as unknown as ServerResponse, "final-1", "v1");
    await channel.handle(request("es"), viewers[1] as unknown as ServerResponse, "final-1", "v1");
    await channel.handle(request("en"), viewers[2] as unknown as ServerResponse, "final-1", "v1");
    expect(viewers.every((viewer) => viewer.status === 200)).toBe(true);
    expect(viewers.every((viewer) => viewer.fragments().length === 0)).toBe(true);

    state.version = "v2";
    await changed("final-1");
    expect(source.renders.sort()).toEqual(["v2:en", "v2:es"]);
    expect(viewers[0]!.fragments()).toEqual([["v2", "<section data-swap>final-1 v2 es</section>"]]);
    expect(viewers[1]!.fragments()).toEqual(viewers[0]!.fragments());
    expect(viewers[2]!.fragments()).toEqual([["v2", "<section data-swap>final-1 v2 en</section>"]]);
    channel.closeAll();
  });

  it("sends spectators nothing when a change leaves the public version as it was", async () => {
    const { source } = fakeSource();
    const channel = createLiveChannel(source);
    const viewer = new FakeResponse();
    await channel.handle(request(), viewer as unknown as ServerResponse, "final-2", "v1");
    const before = viewer.written.length;
    await changed("final-2");
    expect(source.version).toHaveBeenCalledTimes(2);
    expect(viewer.written.length).toBe(before);
    expect(source.renders).toEqual([]);
    channel.closeAll();
  });

  it("gives a viewer that reconnects behind (Last-Event-ID) the latest at once, and one that is up to date nothing", async () => {
    const { source } = fakeSource("v7");
    const channel = createLiveChannel(source);
    const current = new FakeResponse();
    const behind = new FakeResponse();
    await channel.handle(request(), current as unknown as ServerResponse, "final-3", "v7");
    await channel.handle(request(), behind as unknown as ServerResponse, "final-3", "v5");
    expect(current.fragments()).toEqual([]);
    expect(behind.fragments()).toEqual([["v7", "<section data-swap>final-3 v7 es</section>"]]);
    // Its retry delay is its own (spread between 1 and 5 s).
    expect(behind.written[0]).toMatch(/^retry: \d+\n/);
    channel.closeAll();
  });

  it("gives the latest version, not each one in between, to a viewer after a burst", async () => {
    const { source, state } = fakeSource();
    const channel = createLiveChannel(source);
    const viewer = new FakeResponse();
    await channel.handle(request(), viewer as unknown as ServerResponse, "final-4", "v1");
    state.version = "v2";
    (await announceChange({} as Transaction, "final-4"))();
    state.version = "v3";
    (await announceChange({} as Transaction, "final-4"))();
    state.version = "v4";
    (await announceChange({} as Transaction, "final-4"))();
    await new Promise((resolve) => setTimeout(resolve, BROADCAST_WINDOW_MS + 50));
    await settle();
    const versions = viewer.fragments().map(([version]) => version);
    expect(versions.at(-1)).toBe("v4");
    expect(versions).not.toContain("v3");
    channel.closeAll();
  });

  it("drops a viewer whose unsent bytes pile up, and keeps writing to the others", async () => {
    const { source, state } = fakeSource();
    const channel = createLiveChannel(source, { maxBufferedBytes: 1000 });
    const slow = new FakeResponse();
    const fast = new FakeResponse();
    await channel.handle(request(), slow as unknown as ServerResponse, "final-5", "v1");
    await channel.handle(request(), fast as unknown as ServerResponse, "final-5", "v1");
    slow.writableLength = 5000;
    state.version = "v2";
    await changed("final-5");
    expect(slow.destroyed).toBe(true);
    expect(fast.fragments()).toHaveLength(1);
    expect(channel.stats()).toMatchObject({ viewers: 1, dropped: 1 });
    channel.closeAll();
    expect(channel.stats().viewers).toBe(0);
  });

  it("answers 404 for a tournament that is not public", async () => {
    const channel = createLiveChannel({ version: async () => null, render: async () => null });
    const viewer = new FakeResponse();
    await channel.handle(request(), viewer as unknown as ServerResponse, "draft", null);
    expect(viewer.writableEnded).toBe(true);
    expect(channel.stats().viewers).toBe(0);
  });
});

describe("the channel's pieces", () => {
  it("finds the [data-swap] block whole, nested elements of the same tag included", () => {
    const html = `<html><body><header><section>menu</section></header><section class="x" data-swap="" data-live="/l?v=1"><h1>T</h1><section aria-label="g"><p>a</p></section><section>b</section></section><footer></footer></body></html>`;
    expect(extractSwapBlock(html)).toBe(
      `<section class="x" data-swap="" data-live="/l?v=1"><h1>T</h1><section aria-label="g"><p>a</p></section><section>b</section></section>`,
    );
    expect(extractSwapBlock("<main>no block</main>")).toBeNull();
  });

  it("writes each line of the block as a data line, with the version as id", () => {
    expect(fragmentEvent("abc", "<p>a</p>\n<p>b</p>").toString()).toBe("id: abc\nevent: fragment\ndata: <p>a</p>\ndata: <p>b</p>\n\n");
  });

  it("keeps a bounded number of renders and makes each once however many ask", async () => {
    const cache = new RenderCache<string>(2);
    const make = vi.fn(async () => "html");
    await Promise.all([cache.get("a", make), cache.get("a", make), cache.get("a", make)]);
    expect(make).toHaveBeenCalledTimes(1);
    await cache.get("b", make);
    await cache.get("c", make);
    expect(cache.count).toBe(2);
    expect(cache.has("a")).toBe(false);
  });

  it("runs at most `limit` tasks at once", async () => {
    const run = limiter(1);
    let running = 0;
    let most = 0;
    const task = async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
    };
    await Promise.all([run(task), run(task), run(task)]);
    expect(most).toBe(1);
  });

  it("spreads reconnect delays between 1 and 5 s", () => {
    expect(retryMs(() => 0)).toBe(1000);
    expect(retryMs(() => 1)).toBe(5000);
  });
});
