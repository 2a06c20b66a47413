// Lighthouse mobile performance scores for `npm run bench` (docs/benchmarks.md: goal ≥ 95 on the landing, store and
// tournament pages) and accessibility scores (goal 100, docs/accessibility.md), with Debian's Chromium. Lighthouse's default settings: a mid-range phone on a slow
// 4G connection, simulated throttling, so the score depends little on how busy this machine is.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

/**
 * @param {string} base the server's address
 * @param {{ label: string, path: string, headers?: Record<string, string> }[]} pages
 * @returns {Promise<Record<string, { score: number, fcpMs: number, lcpMs: number, tbtMs: number, cls: number, accessibility: number, accessibilityFailures: string[] }>>}
 */
export async function lighthouseScores(base, pages) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  try {
    const scores = {};
    for (const { label, path, headers } of pages) {
      const result = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        onlyCategories: ["performance", "accessibility"],
        output: "json",
        logLevel: "error",
        ...(headers?.cookie ? { extraHeaders: { Cookie: headers.cookie } } : {}),
      });
      const audit = (id) => result.lhr.audits[id]?.numericValue ?? NaN;
      scores[label] = {
        score: Math.round((result.lhr.categories.performance.score ?? 0) * 100),
        fcpMs: Math.round(audit("first-contentful-paint")),
        lcpMs: Math.round(audit("largest-contentful-paint")),
        tbtMs: Math.round(audit("total-blocking-time")),
        cls: Math.round(audit("cumulative-layout-shift") * 1000) / 1000,
        accessibility: Math.round((result.lhr.categories.accessibility.score ?? 0) * 100),
        // The accessibility audits that failed (score 0), by id, so a score under 100 says why.
        accessibilityFailures: result.lhr.categories.accessibility.auditRefs
          .filter((ref) => ref.weight > 0 && result.lhr.audits[ref.id]?.score === 0)
          .map((ref) => ref.id),
      };
    }
    return scores;
  } finally {
    chrome.kill();
  }
}

// `node scripts/lighthouse.mjs http://127.0.0.1:3000 / /store`: scores of a running server's pages.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [base, ...paths] = process.argv.slice(2);
  console.log(
    await lighthouseScores(
      base,
      paths.map((path) => ({ label: path, path })),
    ),
  );
}
