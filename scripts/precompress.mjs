// After `react-router build`: writes a `.br` (quality 11) and a `.gz` (level 9) beside every
// compressible file of build/client, so the server sends static files compressed once, at build,
// instead of compressing them again on every request (server.js serves them with express-static-gzip).
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const ROOT = process.argv[2] ?? "build/client";
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
// Below this the headers outweigh the saving (the same threshold as the compression middleware).
const MIN_BYTES = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function* files(directory) {
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let written = 0;
for (const file of files(ROOT)) {
  const body = fs.readFileSync(file);
  if (body.length < MIN_BYTES) continue;
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(body, { level: 9 }),
  ]);
  // Kept only when it saves something worth a lookup.
  for (const [extension, compressed] of [
    ["br", br],
    ["gz", gz],
  ]) {
    if (compressed.length >= body.length * 0.9) continue;
    fs.writeFileSync(`${file}.${extension}`, compressed);
    written += 1;
  }
}
console.log(`precompress: ${written} .br/.gz files written under ${ROOT}`);
