import { listenForChanges } from "~/lib/change-notices.server";
import { singleton } from "~/lib/singleton.server";

/**
 * What every signed-in request asks about its person (the session's user, the Plus badge), kept in
 * this process for at most CACHE_MS instead of read from the database on each request
 * (decision 009). A copy is dropped the moment the database says its user changed: triggers on
 * `users`, `sessions` and `membership_periods` send `pg_notify('user_changed', user id)` whoever
 * wrote the row (better-auth's sign-out, the back-office, an admin script, another instance), and
 * every instance listens. If the listening connection drops, everything is forgotten.
 */
export const CACHE_MS = 30_000;
const MAX_ENTRIES = 20_000;
export const USER_CHANGED_CHANNEL = "user_changed";

interface Entry {
  userId: string;
  value: unknown;
  expiresAt: number;
}

class UserScopedCache {
  private entries = new Map<string, Entry>();
  private keysByUser = new Map<string, Set<string>>();
  /** Counts the changes heard: a load that overlapped one may have read the old row, so it is not kept. */
  changes = 0;

  get<Value>(key: string, now = Date.now()): Value | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.delete(key);
      return undefined;
    }
    return entry.value as Value;
  }

  set(key: string, userId: string, value: unknown, expiresAt: number) {
    if (this.entries.size >= MAX_ENTRIES) this.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { userId, value, expiresAt });
    let keys = this.keysByUser.get(userId);
    if (!keys) this.keysByUser.set(userId, (keys = new Set()));
    keys.add(key);
  }

  forgetUser(userId: string) {
    this.changes += 1;
    for (const key of this.keysByUser.get(userId) ?? []) this.entries.delete(key);
    this.keysByUser.delete(userId);
  }

  clear() {
    this.changes += 1;
    this.entries.clear();
    this.keysByUser.clear();
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    const keys = this.keysByUser.get(entry.userId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByUser.delete(entry.userId);
  }
}

function cache(): UserScopedCache {
  return singleton("user-scoped-cache", () => new UserScopedCache());
}

function listening(): Promise<boolean> {
  const store = cache();
  return listenForChanges(
    USER_CHANGED_CHANNEL,
    (userId) => store.forgetUser(userId),
    () => store.clear(),
  );
}

/**
 * `load()`'s answer for `key`, from this process's copy while it is fresh. `load` tells which user
 * the value belongs to (so a change to that user drops it) and until when it may be kept at most;
 * a null `userId` (no such session) is never kept.
 */
export async function rememberedForUser<Value>(
  key: string,
  load: () => Promise<{ value: Value; userId: string | null; keepUntil?: number }>,
): Promise<Value> {
  const store = cache();
  const canKeepPromise = listening();
  const hit = store.get<Value>(key);
  if (hit !== undefined) return hit;
  const canKeep = await canKeepPromise;
  const changesBefore = store.changes;
  const { value, userId, keepUntil } = await load();
  if (canKeep && userId && store.changes === changesBefore)
    store.set(key, userId, value, Math.min(Date.now() + CACHE_MS, keepUntil ?? Infinity));
  return value;
}

/**
 * Drops this process's copies of one person at once. The database's notice does it too, a moment
 * after the commit; writers in this process that take a right away (staff, a session) call this so
 * the very next request sees the change.
 */
export function forgetCachedUser(userId: string) {
  cache().forgetUser(userId);
}
