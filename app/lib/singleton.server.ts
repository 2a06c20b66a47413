// Process-wide handles (the database, auth, the mailer, storage) live in one map on globalThis,
// so the dev server's module reloads reuse them instead of opening a second database.
const holder = globalThis as typeof globalThis & { __arenaSingletons?: Map<string, unknown> };
const singletons = (holder.__arenaSingletons ??= new Map<string, unknown>());

/** The value registered under `name`, created on first use. */
export function singleton<Value>(name: string, create: () => Value): Value {
  if (!singletons.has(name)) singletons.set(name, create());
  return singletons.get(name) as Value;
}

/** Replaces (or with undefined, forgets) a handle: start-up, shutdown and tests use it. */
export function setSingleton<Value>(name: string, value: Value | undefined): void {
  if (value === undefined) singletons.delete(name);
  else singletons.set(name, value);
}

/** The handle if one is set, without creating it. */
export function peekSingleton<Value>(name: string): Value | undefined {
  return singletons.get(name) as Value | undefined;
}
