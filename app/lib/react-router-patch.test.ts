import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createStaticHandler } from "react-router";
import { describe, expect, it } from "vitest";

/**
 * patches/react-router+7.18.4.patch (decision 016) keeps what React Router computes per build and per
 * path. These tests hold it to "never changes what it computes": a kept match is never shared with
 * the next request.
 */
describe("React Router, as patched", () => {
  it("is the patched build, for import and require alike (npm install applies patches/ through patch-package)", () => {
    const folder = path.dirname(createRequire(import.meta.url).resolve("react-router"));
    for (const extension of [".mjs", ".js"]) {
      const source = fs
        .readdirSync(folder)
        .filter((name) => /^(chunk-|index\.)/.test(name) && name.endsWith(extension))
        .map((name) => fs.readFileSync(path.join(folder, name), "utf8"))
        .join("\n");
      for (const mark of ["matchesByBranches", "serverRoutesOf", "staticDataRoutesCache", "lazyReadableStream", 'includes("_routes")'])
        expect(source, `${mark} in the ${extension} build`).toContain(mark);
    }
  });

  it("gives each request matches of its own: params a loader changes never reach the next request", async () => {
    const handler = createStaticHandler([
      {
        id: "root",
        path: "/",
        children: [
          {
            id: "item",
            path: "items/:id",
            loader: ({ params }) => {
              const seen = { ...params };
              (params as Record<string, string>).id = "changed by a loader";
              return seen;
            },
          },
        ],
      },
    ]);
    const itemOf = async (url: string) => {
      const context = await handler.query(new Request(url));
      if (context instanceof Response) throw new Error("unexpected response");
      return { data: context.loaderData.item, params: context.matches.at(-1)?.params };
    };
    expect(await itemOf("http://local/items/1")).toEqual({ data: { id: "1" }, params: { id: "changed by a loader" } });
    expect((await itemOf("http://local/items/1")).data).toEqual({ id: "1" });
    expect((await itemOf("http://local/items/2")).data).toEqual({ id: "2" });
    expect((await itemOf("http://local/items/1?index&x=1")).data).toEqual({ id: "1" });
  });
});
