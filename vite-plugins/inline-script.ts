import path from "node:path";
import { build } from "esbuild";
import type { Plugin } from "vite";

const SUFFIX = "?inline-script";

/**
 * `import source from "./x?inline-script"` gives the browser module `x.ts` compiled by esbuild
 * (bundled with what it imports, minified, one function scope) as a string: the page inlines it
 * under the response's CSP nonce (docs/decisions/011). The module exports `start()`; the compiled
 * script calls it, so importing the module itself (tests) runs nothing.
 */
export function inlineScript(): Plugin {
  return {
    name: "arena:inline-script",
    enforce: "pre",
    async resolveId(source, importer) {
      if (!source.endsWith(SUFFIX)) return null;
      const resolved = await this.resolve(source.slice(0, -SUFFIX.length), importer, { skipSelf: true });
      return resolved ? `\0${resolved.id}${SUFFIX}` : null;
    },
    async load(id) {
      if (!id.startsWith("\0") || !id.endsWith(SUFFIX)) return null;
      const file = id.slice(1, -SUFFIX.length);
      const source = await compileBrowserModule(file);
      for (const input of source.inputs) this.addWatchFile(input);
      return `export default ${JSON.stringify(source.code)};`;
    },
  };
}

/** The browser module at `file` as one minified script that runs its `start()`. */
export async function compileBrowserModule(file: string): Promise<{ code: string; inputs: string[] }> {
  const result = await build({
    stdin: { contents: `import { start } from ${JSON.stringify(file)};\nstart();`, resolveDir: path.dirname(file), loader: "ts" },
    bundle: true,
    format: "iife",
    minify: true,
    // Phones from 2020 on (Chrome 80, Safari 14): optional chaining and `??` are kept as written.
    target: ["es2020"],
    platform: "browser",
    tsconfig: path.resolve("tsconfig.json"),
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  // Inlined inside <script>: "</script" must never appear in it. The module scope is already
  // strict-mode TypeScript, so the "use strict" prologue esbuild adds is only bytes.
  const code = result.outputFiles[0]!.text.trim()
    .replace(/^"use strict";/, "")
    .replaceAll("</script", "<\\/script");
  const inputs = Object.keys(result.metafile.inputs).filter((input) => input !== "<stdin>");
  return { code, inputs: inputs.map((input) => path.resolve(input)) };
}
