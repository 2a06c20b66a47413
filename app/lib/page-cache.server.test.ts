import { describe, expect, it } from "vitest";
import { PageCache, type CachedPage } from "./page-cache.server";

const page = (status: number, text: string): CachedPage => ({ status, headers: [], body: Buffer.from(text) });

describe("page cache", () => {
  it("renders once per key while fresh, again when stale", async () => {
    let time = 0;
    const cache = new PageCache(5000, () => time);
    let renders = 0;
    const render = async () => page(200, `render ${++renders}`);
    expect((await cache.get("es:/", render)).body.toString()).toBe("render 1");
    time = 4999;
    expect((await cache.get("es:/", render)).body.toString()).toBe("render 1");
    expect((await cache.get("en:/", render)).body.toString()).toBe("render 2");
    time = 5000;
    expect((await cache.get("es:/", render)).body.toString()).toBe("render 3");
  });

  it("shares one render between visitors arriving together", async () => {
    const cache = new PageCache(5000);
    let renders = 0;
    const render = () => new Promise<CachedPage>((resolve) => setTimeout(() => resolve(page(200, String(++renders))), 10));
    const pages = await Promise.all([cache.get("k", render), cache.get("k", render), cache.get("k", render)]);
    expect(renders).toBe(1);
    expect(pages.map((p) => p.body.toString())).toEqual(["1", "1", "1"]);
  });

  it("never keeps errors", async () => {
    const cache = new PageCache(5000);
    expect((await cache.get("k", async () => page(500, "boom"))).status).toBe(500);
    expect((await cache.get("k", async () => page(200, "ok"))).status).toBe(200);
    await expect(cache.get("x", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect((await cache.get("x", async () => page(200, "back"))).body.toString()).toBe("back");
  });
});
