import type { IncomingMessage, ServerResponse } from "node:http";
import { isLanguage, languageFromCookieHeader, type Language } from "~/domain/language";
import { log } from "~/lib/log.server";
import { subscribe } from "./competition-events.server";

/**
 * The spectators' live channel (docs/decisions/012-live-channel.md): server-sent events
 * that carry the public bracket block itself, rendered once per tournament version and language and
 * written as the same bytes to every viewer.
 *
 * - Only public changes reach spectators: on each (coalesced) change the tournament's public version
 *   is computed again (`version`, a hash of what a visitor is shown); when it did not move, nobody is
 *   written to.
 * - A viewer gets the latest version, never a queue: each one is at a version; after a change every
 *   viewer not at the latest gets the latest, once.
 * - A slow viewer whose unsent bytes pass `MAX_BUFFERED_BYTES` is dropped; its browser reconnects with
 *   `Last-Event-ID` (the version it has) and, if behind, gets the latest at once.
 * - Reconnects are spread: each connection is told its own random `retry:`.
 */
export interface LiveSource {
  /** The tournament's public version now; null when it is not public (the channel answers 404). */
  version(tournamentId: string): Promise<string | null>;
  /** The public block (`[data-swap]` element's HTML) in a language; null when it cannot be rendered. */
  render(tournamentId: string, language: Language): Promise<string | null>;
}

/** Unsent bytes a viewer may have before it is dropped (a few events; the kernel's buffer comes first). */
export const MAX_BUFFERED_BYTES = 256 * 1024;
/** Reconnect delay told to each connection: `min` plus up to `spread`, at random. */
export const RETRY_MS = { min: 1000, spread: 4000 };
const HEARTBEAT_MS = 25_000;
/** Rendered blocks kept (tournament × version × language). */
const RENDER_CACHE_SIZE = 64;
/** Renders of blocks at once, across tournaments: the rest of the site keeps the other core. */
const MAX_CONCURRENT_RENDERS = 1;

interface Viewer {
  res: ServerResponse;
  language: Language;
  /** The version this viewer shows (null: unknown). */
  version: string | null;
}

interface Channel {
  viewers: Set<Viewer>;
  /** The latest public version seen; null until first known. */
  version: string | null;
  refreshing: Promise<void> | null;
  dirty: boolean;
  unsubscribe: () => void;
}

/** A small LRU of promises: one render per key, however many ask at once. */
export class RenderCache<Value> {
  private readonly entries = new Map<string, Promise<Value>>();
  constructor(private readonly size: number) {}

  get(key: string, make: () => Promise<Value>): Promise<Value> {
    const found = this.entries.get(key);
    if (found) {
      this.entries.delete(key);
      this.entries.set(key, found);
      return found;
    }
    const made = make();
    this.entries.set(key, made);
    made.catch(() => this.entries.delete(key));
    while (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
    return made;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  get count(): number {
    return this.entries.size;
  }
}

/** Runs at most `limit` tasks at once, the others in arrival order. */
export function limiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

/** The SSE message for a version: `id` is the version, `data` the block (one `data:` line per line). */
export function fragmentEvent(version: string, html: string): Buffer {
  const data = html
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}`)
    .join("\n");
  return Buffer.from(`id: ${version}\nevent: fragment\n${data}\n\n`);
}

/**
 * The `[data-swap]` element of a rendered page, whole (from its `<tag` to its matching end tag), or
 * null. React writes well-formed HTML, so counting the same tag's openings and closings suffices.
 */
export function extractSwapBlock(html: string): string | null {
  const marker = html.search(/\sdata-swap(?=[\s=>])/);
  if (marker < 0) return null;
  const start = html.lastIndexOf("<", marker);
  const tag = /^<([a-zA-Z0-9]+)/.exec(html.slice(start))?.[1];
  if (!tag) return null;
  const pattern = new RegExp(`<(/?)${tag}(?=[\\s>/])`, "g");
  pattern.lastIndex = start;
  let depth = 0;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) {
      const end = html.indexOf(">", match.index);
      return end < 0 ? null : html.slice(start, end + 1);
    }
  }
  return null;
}

export function retryMs(random = Math.random): number {
  return Math.round(RETRY_MS.min + random() * RETRY_MS.spread);
}

export interface LiveChannelStats {
  tournaments: number;
  viewers: number;
  renders: number;
  dropped: number;
}

/** The channel: `handle(req, res, tournamentId)` serves one viewer; `closeAll()` ends every stream (shutdown). */
export function createLiveChannel(source: LiveSource, options: { maxBufferedBytes?: number; random?: () => number } = {}) {
  const maxBuffered = options.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
  const random = options.random ?? Math.random;
  const channels = new Map<string, Channel>();
  const events = new RenderCache<Buffer | null>(RENDER_CACHE_SIZE);
  const renderSlot = limiter(MAX_CONCURRENT_RENDERS);
  const stats = { renders: 0, dropped: 0 };

  const eventFor = (tournamentId: string, version: string, language: Language) =>
    events.get(`${tournamentId}\n${version}\n${language}`, () =>
      renderSlot(async () => {
        stats.renders++;
        const html = await source.render(tournamentId, language);
        return html === null ? null : fragmentEvent(version, html);
      }),
    );

  const drop = (channel: Channel, tournamentId: string, viewer: Viewer) => {
    channel.viewers.delete(viewer);
    if (channel.viewers.size === 0 && channels.get(tournamentId) === channel) {
      channel.unsubscribe();
      channels.delete(tournamentId);
    }
  };

  /** Writes, or drops a viewer whose unsent bytes pile up (it reconnects and catches up). */
  const write = (channel: Channel, tournamentId: string, viewer: Viewer, bytes: Buffer | string) => {
    if (viewer.res.destroyed || viewer.res.writableEnded) return drop(channel, tournamentId, viewer);
    if (viewer.res.writableLength > maxBuffered) {
      stats.dropped++;
      viewer.res.destroy();
      return drop(channel, tournamentId, viewer);
    }
    viewer.res.write(bytes);
  };

  /** Brings every viewer not at the channel's version to it. */
  const sync = async (tournamentId: string, channel: Channel) => {
    const version = channel.version;
    if (version === null) return;
    const behind = [...channel.viewers].filter((viewer) => viewer.version !== version);
    const languages = new Set(behind.map((viewer) => viewer.language));
    const rendered = new Map<Language, Buffer | null>();
    for (const language of languages) rendered.set(language, await eventFor(tournamentId, version, language));
    // A newer version may have come meanwhile: its own sync sends it.
    if (channel.version !== version) return;
    let unrendered = false;
    for (const viewer of channel.viewers) {
      if (viewer.version === version) continue;
      if (!rendered.has(viewer.language)) unrendered = true;
      const bytes = rendered.get(viewer.language);
      if (!bytes) continue;
      viewer.version = version;
      write(channel, tournamentId, viewer, bytes);
    }
    // Someone joined during the render with another language: render that one too.
    if (unrendered) await sync(tournamentId, channel);
  };

  /** Reads the version again (after a change); one read at a time per tournament, one more if changes came meanwhile. */
  const refresh = (tournamentId: string, channel: Channel): Promise<void> => {
    if (channel.refreshing) {
      channel.dirty = true;
      return channel.refreshing;
    }
    channel.refreshing = (async () => {
      try {
        do {
          channel.dirty = false;
          const version = await source.version(tournamentId);
          if (version !== null) channel.version = version;
          await sync(tournamentId, channel);
        } while (channel.dirty);
      } catch (error) {
        log.warn("live channel refresh failed", { tournamentId, error: String(error) });
      } finally {
        channel.refreshing = null;
      }
    })();
    return channel.refreshing;
  };

  async function handle(req: IncomingMessage, res: ServerResponse, tournamentId: string, known: string | null): Promise<void> {
    let channel = channels.get(tournamentId);
    if (!channel) {
      const version = await source.version(tournamentId);
      if (version === null) {
        res.statusCode = 404;
        res.setHeader("Content-Type", "text/plain; charset=utf-8");
        res.end("Not found");
        return;
      }
      channel = channels.get(tournamentId);
      if (!channel) {
        const created: Channel = { viewers: new Set(), version, refreshing: null, dirty: false, unsubscribe: () => undefined };
        created.unsubscribe = subscribe(tournamentId, () => void refresh(tournamentId, created));
        channels.set(tournamentId, created);
        channel = created;
      }
    }
    const language = languageFromCookieHeader(req.headers.cookie);
    const viewer: Viewer = { res, language: isLanguage(language) ? language : "es", version: known };
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    });
    req.socket.setNoDelay(true);
    req.socket.setTimeout(0);
    res.write(`retry: ${retryMs(random)}\n: connected\n\n`);
    channel.viewers.add(viewer);
    const current = channel;
    const heartbeat = setInterval(() => write(current, tournamentId, viewer, `: keep-alive\n\n`), HEARTBEAT_MS);
    heartbeat.unref();
    res.on("close", () => {
      clearInterval(heartbeat);
      drop(current, tournamentId, viewer);
    });
    // Behind (a missed change, a restart): the latest at once. A refresh under way syncs when it ends.
    if (!current.refreshing && current.version !== known) await sync(tournamentId, current);
  }

  return {
    handle,
    closeAll() {
      for (const channel of channels.values()) for (const viewer of channel.viewers) viewer.res.end();
    },
    stats(): LiveChannelStats {
      let viewers = 0;
      for (const channel of channels.values()) viewers += channel.viewers.size;
      return { tournaments: channels.size, viewers, ...stats };
    },
  };
}

export type LiveChannel = ReturnType<typeof createLiveChannel>;
