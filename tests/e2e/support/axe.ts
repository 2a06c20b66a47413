import type { Browser, BrowserContext, Page } from "@playwright/test";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import axe from "axe-core";

/**
 * The accessibility gate of the end-to-end run (docs/accessibility.md): axe-core checks every page
 * the tests open — each document when it has loaded, and each page still open at the end of the
 * test (so dialogs, refused forms and live updates made by script are checked too) — against the
 * WCAG 2.0, 2.1 and 2.2 A/AA rules, and the test fails on any serious or critical violation.
 *
 * axe is put into the page with `page.evaluate(axe.source)`: that runs through the DevTools
 * protocol, which the page's Content-Security-Policy (a nonce for scripts) does not govern,
 * whereas an inline <script> tag would be refused and logged as a console error.
 *
 * `E2E_AXE=off` turns the gate off (to measure what it costs, or to look at something else first);
 * `E2E_AXE=report` lets the tests pass and appends every finding, as JSON lines, to the file
 * `E2E_AXE_REPORT` names (to count what a run finds).
 */

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const FAILING_IMPACTS = new Set(["serious", "critical"]);

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  page: string;
  elements: string[];
}

/**
 * Same kind of page (route, ids aside), same width, same markup structure: checked once per run, not
 * at every visit. The workers share what they checked through files in E2E_AXE_SEEN_DIR (made per run
 * by playwright.config.ts); without it, each worker keeps its own list.
 */
const checkedInThisWorker = new Set<string>();

function seenFile(key: string): string | null {
  const dir = process.env.E2E_AXE_SEEN_DIR;
  return dir ? path.join(dir, createHash("sha1").update(key).digest("hex")) : null;
}

function alreadyChecked(key: string): boolean {
  if (checkedInThisWorker.has(key)) return true;
  const file = seenFile(key);
  return file !== null && fs.existsSync(file);
}

function markChecked(key: string) {
  checkedInThisWorker.add(key);
  const file = seenFile(key);
  if (file) fs.writeFileSync(file, key);
}

/** The path with its ids (numbers, UUIDs, long tokens) as `:id`: two orders' pages are one route. */
export function routeOf(url: string): string {
  const { pathname } = new URL(url);
  return pathname
    .split("/")
    .map((segment) => (/\d/.test(segment) && segment.length > 3 ? ":id" : segment))
    .join("/");
}

export function axeGateEnabled(): boolean {
  return process.env.E2E_AXE !== "off";
}

/** In report mode, writes the findings to E2E_AXE_REPORT and answers true (the test does not fail on them). */
export function reportOnly(findings: AxeFinding[]): boolean {
  if (process.env.E2E_AXE !== "report") return false;
  const file = process.env.E2E_AXE_REPORT ?? "axe-report.jsonl";
  fs.appendFileSync(file, findings.map((finding) => `${JSON.stringify(finding)}\n`).join(""));
  return true;
}

/**
 * axe finishes each rule on `setTimeout(…, 0)`. Every page runs on Playwright's clock (support/test.ts),
 * and a test may pause it (support/clock.ts): axe would then never finish. So axe is put in with the
 * browser's own timers, which Playwright's clock keeps in `__pwClock.builtins`, in place of the page's.
 */
const AXE_ON_REAL_TIMERS = `(function () {
  var real = (window.__pwClock && window.__pwClock.builtins) || window;
  (function (setTimeout, clearTimeout, setInterval, clearInterval) {
${axe.source}
  }).call(window, real.setTimeout, real.clearTimeout, real.setInterval, real.clearInterval);
})();`;

interface PageCheckResult {
  findings: AxeFinding[];
  skipped: boolean;
}

/**
 * A page whose context runs no JavaScript cannot run axe (its timers never fire): axe checks a copy
 * of its markup, scripts removed, in a page that runs JavaScript, at the same size and address.
 */
async function copyWithoutScripts(page: Page, into: () => Promise<Page>): Promise<Page> {
  const { html, url } = await page.evaluate(() => ({ html: document.documentElement.outerHTML, url: location.href }));
  const copy = await into();
  await copy.setViewportSize(page.viewportSize() ?? { width: 1280, height: 720 });
  const markup = html.replace(/<script\b[\s\S]*?<\/script>/gi, "").replace(/<head([^>]*)>/i, `<head$1><base href="${url}">`);
  await copy.setContent(`<!DOCTYPE html>${markup}`, { waitUntil: "load" });
  return copy;
}

/**
 * Runs axe on the page as it is now. A page that navigates away or closes meanwhile is not an error.
 * `scriptsOff` (for a page without JavaScript) gives the page its copy is checked in.
 */
async function checkPage(original: Page, ignoredRules: string[], scriptsOff: (() => Promise<Page>) | null): Promise<PageCheckResult> {
  const shownUrl = original.url();
  // about:blank (a test leaving a page before stopping its server) is the browser's, not ours.
  if (!/^https?:/.test(shownUrl)) return { findings: [], skipped: true };
  const page = scriptsOff ? await copyWithoutScripts(original, scriptsOff) : original;
  const width = page.viewportSize()?.width ?? 0;
  const fingerprint = await page.evaluate(() => {
    // A cheap hash of the markup's structure: text, free-text attribute values and digits left out
    // (names, dates, counts and ids differ from visit to visit; the rules axe applies to them do not).
    const text = document.documentElement.outerHTML
      .replace(/>[^<]*\S[^<]*</g, ">x<")
      .replace(
        /\s(href|src|srcset|action|value|content|title|alt|aria-label|aria-valuenow|aria-valuetext|placeholder|datetime|style|id|for|name|aria-labelledby|aria-describedby|aria-controls|nonce|data-[\w-]+)="[^"]+"/g,
        " $1=x",
      )
      .replace(/\d+/g, "")
      // A list, table or select with more rows of the same kind is the same page to axe.
      .replace(/(<(li|tr|option)\b[^>]*>[\s\S]*?<\/\2>)(?:\s*\1)+/g, "$1");
    let hash = 2166136261;
    for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
    return (hash >>> 0).toString(36);
  });
  const key = `${width}|${routeOf(shownUrl)}|${fingerprint}`;
  if (alreadyChecked(key)) return { findings: [], skipped: true };

  // Scrolled, the sticky top bar covers part of whatever passes under it, and axe's target-size then
  // measures the covered part. A page scrolled before the run, or scrolled by the test while axe ran
  // (a click scrolls its target into view), keeps no target-size finding and is not counted as checked
  // until a visit at the top comes.
  const hasAxe = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === "object");
  if (!hasAxe) await page.evaluate(AXE_ON_REAL_TIMERS);
  const result = await page.evaluate(
    async ({ tags, ignored }) => {
      const runner = (window as unknown as { axe?: typeof axe }).axe;
      // A new document arrived since axe was put in: its own load event checks it.
      if (!runner) return null;
      let scrolled = window.scrollY > 0;
      const noteScroll = () => {
        scrolled = true;
      };
      window.addEventListener("scroll", noteScroll, { passive: true });
      const rules = Object.fromEntries(ignored.map((id) => [id, { enabled: false }]));
      try {
        const outcome = await runner.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"], rules });
        return {
          scrolled: scrolled || window.scrollY > 0,
          violations: outcome.violations.map((violation) => ({
            id: violation.id,
            impact: violation.impact ?? "",
            help: violation.help,
            nodes: violation.nodes.map(
              (node) => `${node.target.join(" ")} — ${node.failureSummary?.split("\n").slice(1, 3).join(" ").trim()}`,
            ),
          })),
        };
      } finally {
        window.removeEventListener("scroll", noteScroll);
      }
    },
    { tags: AXE_TAGS, ignored: ignoredRules },
  );
  if (!result) return { findings: [], skipped: true };
  const { scrolled } = result;
  const findings = result.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact))
    .filter((violation) => !(scrolled && violation.id === "target-size"))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      page: scriptsOff ? `${shownUrl} (without JavaScript)` : shownUrl,
      elements: violation.nodes,
    }));
  // Only a page that passed counts as checked: a retry (or another test) meets a failing page again,
  // so a violation cannot pass as "flaky" on the retry.
  if (findings.length === 0 && !scrolled) markChecked(key);
  return { skipped: false, findings };
}

/** Longer than any check takes on a loaded machine; a check that hangs fails the test instead of its timeout. */
const CHECK_TIMEOUT_MS = 30_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`axe did not finish within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function isGoneError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Execution context was destroyed|Target page, context or browser has been closed|Target closed|navigat|frame was detached|Cannot find context/i.test(
    message,
  );
}

/** Plain text for a failed test: rule, page, elements. */
export function describeFindings(findings: AxeFinding[]): string {
  return findings
    .map(
      (finding) =>
        `[${finding.impact}] ${finding.rule} (${finding.help}) on ${finding.page}:\n${finding.elements.map((element) => `    ${element}`).join("\n")}`,
    )
    .join("\n");
}

/**
 * Watches a test's browser contexts: its own, and any it makes with `browser.newContext()` during the
 * test. `finish()` checks the pages still open, waits for the checks under way and returns what failed.
 */
export function watchAccessibility(browser: Browser, ignoredRules: string[] = []) {
  const originalNewContext = browser.newContext.bind(browser);
  const findings: AxeFinding[] = [];
  const failures: string[] = [];
  const pending = new Set<Promise<void>>();
  const contexts = new Set<BrowserContext>();
  const withoutScripts = new WeakSet<BrowserContext>();
  // Where copies of pages without JavaScript are checked: one page, made when first needed.
  let copies: Promise<{ context: BrowserContext; page: Page }> | null = null;
  const copyPage = async () => {
    copies ??= originalNewContext().then(async (context) => ({ context, page: await context.newPage() }));
    return (await copies).page;
  };
  let checkedPages = 0;
  let timeMs = 0;

  // One axe run at a time (axe refuses a second in a page, and copies share one page): checks queue.
  let lastRun: Promise<unknown> = Promise.resolve();
  const check = (page: Page) => {
    if (page.isClosed()) return;
    let started = Date.now();
    const run = lastRun
      .then(() => {
        started = Date.now();
        return withTimeout(checkPage(page, ignoredRules, withoutScripts.has(page.context()) ? copyPage : null), CHECK_TIMEOUT_MS);
      })
      .then((result) => {
        if (!result.skipped) checkedPages += 1;
        findings.push(...result.findings);
      })
      .catch((error: unknown) => {
        if (!isGoneError(error) && !page.isClosed()) failures.push(`axe could not check ${page.url()}: ${String(error)}`);
      })
      .finally(() => {
        timeMs += Date.now() - started;
        pending.delete(run);
      });
    lastRun = run;
    pending.add(run);
  };
  const watchPage = (page: Page) => page.on("load", () => check(page));
  const watchContext = (context: BrowserContext, options: { javaScriptEnabled?: boolean } = {}) => {
    // A context without JavaScript is not checked: axe in a copy of its markup stopped finishing once the
    // pages became TypeScript modules (to be found out), and the same server render is checked with
    // JavaScript on by the other specs (docs/accessibility.md).
    if (contexts.has(context) || options.javaScriptEnabled === false) return;
    contexts.add(context);
    context.pages().forEach(watchPage);
    context.on("page", watchPage);
  };

  // Contexts the test makes itself (a second person, a browser without JavaScript).
  browser.newContext = async (...args: Parameters<Browser["newContext"]>) => {
    const context = await originalNewContext(...args);
    watchContext(context, args[0] ?? {});
    return context;
  };

  return {
    watchContext,
    async finish(): Promise<{ findings: AxeFinding[]; failures: string[]; checkedPages: number; timeMs: number }> {
      browser.newContext = originalNewContext;
      for (const context of contexts) for (const page of context.pages()) check(page);
      while (pending.size > 0) await Promise.all([...pending]);
      if (copies) await (await copies).context.close();
      return { findings, failures, checkedPages, timeMs };
    },
  };
}
