/** A rendered page kept for a few seconds. */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

/**
 * A micro-cache for pages that look the same to every visitor who is not signed in (the
 * landing page): each page is rendered at most once per `ttlMs` per language, and visitors
 * arriving during a render wait for that render instead of starting their own.
 */
export class PageCache {
  private readonly entries = new Map<string, { expiresAt: number; page: Promise<CachedPage> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string, render: () => Promise<CachedPage>): Promise<CachedPage> {
    const current = this.entries.get(key);
    if (current && current.expiresAt > this.now()) return current.page;
    const page = render();
    this.entries.set(key, { expiresAt: this.now() + this.ttlMs, page });
    try {
      const rendered = await page;
      // Only successful pages are kept; an error page is never served to the next visitor.
      if (rendered.status !== 200) this.entries.delete(key);
      return rendered;
    } catch (error) {
      this.entries.delete(key);
      throw error;
    }
  }

  clear() {
    this.entries.clear();
  }
}
