// `npm run check:i18n`: the texts in locales/{es,en}/<namespace>.json agree with each other and with the code.
//
// Fails (exit 1, with one line per problem) when
//   - a key exists in one language and not in the other (a whole namespace file counts too);
//   - the {{placeholders}} of a key differ between languages;
//   - a value is empty (or is not text);
//   - an error code the code can return has no text in some language.
//
// Error codes: rules and actions return codes ("TEAM_FULL"), the UI turns them into text with
// t(`errors.${code}`) in the feature's namespace. Code declares them as a string-literal union type, or an
// `as const` array, whose name ends in ErrorCode / ErrorCodes (e.g. `export type OrderErrorCode = "NOT_FOUND" | …`).
// The TypeScript compiler resolves each one (so `A | Extract<B, "X">` works) and the table below says where its
// texts live. A new declaration that is not in the table fails the check: add one row for it.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";

export interface ErrorCodeSource {
  /** The file that declares the type (or `as const` array), relative to the repository root. */
  file: string;
  /** The declaration's name. */
  name: string;
  /** The namespace (locales/<language>/<namespace>.json) and key prefix the UI translates these codes under. */
  namespace: string;
  prefix: string;
}

// One row per declaration. The same declaration may appear twice when two screens show its codes.
export const ERROR_CODE_SOURCES: ErrorCodeSource[] = [
  { file: "app/domain/cart.ts", name: "CartErrorCode", namespace: "store", prefix: "errors" },
  { file: "app/domain/checkout.ts", name: "CheckoutErrorCode", namespace: "store", prefix: "errors" },
  { file: "app/domain/player-id.ts", name: "PlayerIdErrorCode", namespace: "store", prefix: "errors" },
  { file: "app/features/store/game-page.server.ts", name: "GamePageErrorCode", namespace: "store", prefix: "errors" },
  { file: "app/domain/profile.ts", name: "ProfileErrorCode", namespace: "auth", prefix: "errors" },
  { file: "app/domain/registration.ts", name: "RegistrationFormErrorCode", namespace: "tournaments", prefix: "errors" },
  { file: "app/features/auth/routes/auth.tsx", name: "ErrorCode", namespace: "auth", prefix: "errors" },
  { file: "app/features/auth/auth-rules.ts", name: "OAuthErrorCode", namespace: "auth", prefix: "errors" },
  { file: "app/features/orders/core/decisions.ts", name: "DecisionErrorCode", namespace: "admin", prefix: "errors" },
  { file: "app/features/admin/core/exchange-rate.ts", name: "RateErrorCode", namespace: "admin", prefix: "errors" },
  { file: "app/features/admin/core/payment-accounts.ts", name: "PayToErrorCode", namespace: "admin", prefix: "errors" },
  { file: "app/features/admin/tournaments-admin.server.ts", name: "TournamentAdminErrorCode", namespace: "admin", prefix: "errors" },
  { file: "app/features/orders/core/payment-proof.ts", name: "ProofErrorCode", namespace: "orders", prefix: "errors" },
  { file: "app/features/orders/orders.server.ts", name: "OrderErrorCode", namespace: "orders", prefix: "errors" },
  { file: "app/features/plus/plus-schemas.ts", name: "PlusErrorCode", namespace: "plus", prefix: "errors" },
  { file: "app/features/support/support-rules.ts", name: "SupportErrorCode", namespace: "support", prefix: "errors" },
  { file: "app/features/teams/core/rules.ts", name: "TeamErrorCode", namespace: "teams", prefix: "errors" },
  { file: "app/features/teams/core/rules.ts", name: "TeamFormErrorCode", namespace: "teams", prefix: "errors" },
  { file: "app/features/admin/teams-admin.server.ts", name: "TeamAdminErrorCode", namespace: "admin", prefix: "errors" },
  { file: "app/features/teams/core/leaderboard.ts", name: "SeasonErrorCode", namespace: "admin", prefix: "errors" },
  { file: "app/features/streamers/core/rules.ts", name: "StreamerErrorCode", namespace: "streamers", prefix: "errors" },
  { file: "app/features/streamers/core/schedule.ts", name: "ScheduleErrorCode", namespace: "streamers", prefix: "errors" },
  { file: "app/features/streamers/core/rules.ts", name: "StreamerFormErrorCode", namespace: "streamers", prefix: "errors" },
  { file: "app/features/streamers/core/streams.ts", name: "StreamFormErrorCode", namespace: "streamers", prefix: "errors" },
  { file: "app/features/streamers/streams.server.ts", name: "StreamsErrorCode", namespace: "streamers", prefix: "errors" },
  { file: "app/features/streamers/core/donations.ts", name: "DonationFormErrorCode", namespace: "streamers", prefix: "errors" },
  { file: "app/features/streamers/core/subscriptions.ts", name: "SubscriptionErrorCode", namespace: "streamers", prefix: "errors" },
  { file: "app/features/streamers/core/gifts.ts", name: "GiftOrderErrorCode", namespace: "streamers", prefix: "errors" },
  { file: "app/features/streamers/core/gifts.ts", name: "GiftCatalogueErrorCode", namespace: "streamers", prefix: "errors" },
  // Staff see the same refusals on the review page.
  { file: "app/features/orders/orders.server.ts", name: "OrderErrorCode", namespace: "admin", prefix: "errors" },
  { file: "app/features/tournaments/registrations.server.ts", name: "RegistrationErrorCode", namespace: "tournaments", prefix: "errors" },
  // Organizations (docs/organizations.md): their pages and the staff's /admin/organizations say the same refusals.
  { file: "app/features/organizations/core/rules.ts", name: "OrgFormErrorCode", namespace: "organizations", prefix: "errors" },
  { file: "app/features/organizations/core/rules.ts", name: "BanFormErrorCode", namespace: "organizations", prefix: "errors" },
  {
    file: "app/features/organizations/organizations.server.ts",
    name: "OrganizationErrorCode",
    namespace: "organizations",
    prefix: "errors",
  },
  { file: "app/features/competition/core/errors.ts", name: "CompetitionErrorCode", namespace: "competition", prefix: "errors" },
  { file: "app/features/tournaments/waitlist.server.ts", name: "WaitlistErrorCode", namespace: "tournaments", prefix: "errors" },
  // A form's key sent again with another purchase (docs/reliability.md "Limits and idempotency"): the store's checkout and buy-now, and Plus.
  { file: "app/features/orders/core/idempotency.ts", name: "IdempotencyErrorCode", namespace: "store", prefix: "errors" },
  { file: "app/features/orders/core/idempotency.ts", name: "IdempotencyErrorCode", namespace: "plus", prefix: "errors" },
  // The wallet (docs/decisions/014-wallet-ledger.md): the player's page and the staff's payout pages say the same refusals.
  { file: "app/features/wallet/core/accounts.ts", name: "PostingErrorCode", namespace: "wallet", prefix: "errors" },
  { file: "app/features/wallet/core/withdrawals.ts", name: "WithdrawalErrorCode", namespace: "wallet", prefix: "errors" },
  { file: "app/features/wallet/ledger.server.ts", name: "LedgerErrorCode", namespace: "wallet", prefix: "errors" },
  { file: "app/features/wallet/wallet.server.ts", name: "WalletErrorCode", namespace: "wallet", prefix: "errors" },
  // Prize pools: the run page says the payout's refusals; the tournament form and /admin/organizations the pool's.
  { file: "app/features/wallet/wallet.server.ts", name: "WalletErrorCode", namespace: "competition", prefix: "errors" },
  { file: "app/features/wallet/prize-pools.server.ts", name: "PrizePoolErrorCode", namespace: "admin", prefix: "errors" },
  { file: "app/features/wallet/prize-pools.server.ts", name: "PrizePoolErrorCode", namespace: "organizations", prefix: "errors" },
];

/** The language every other one is compared with (the product's default). */
export const REFERENCE_LANGUAGE = "es";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CODE_DIRS = ["app"];

// ─── Pure parts (unit-tested in check-translations.test.ts) ──────────────────────────────────────────────

export type Problem =
  | { kind: "missing-namespace"; language: string; namespace: string; presentIn: string }
  | { kind: "missing-key"; language: string; namespace: string; key: string; presentIn: string }
  | { kind: "placeholders"; namespace: string; key: string; languages: [string, string]; found: [string[], string[]] }
  | { kind: "empty"; language: string; namespace: string; key: string }
  | { kind: "not-text"; language: string; namespace: string; key: string; value: string }
  | { kind: "error-code"; language: string; namespace: string; key: string; source: string }
  | { kind: "error-code-source"; message: string };

/** language → namespace → the parsed JSON of locales/<language>/<namespace>.json */
export type Bundles = Record<string, Record<string, unknown>>;

/** Leaf values by dotted key ("errors.NOT_FOUND"); arrays are indexed ("terms.0.heading"). */
export function flatten(value: unknown, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const walk = (node: unknown, key: string) => {
    if (node !== null && typeof node === "object") {
      for (const [child, inner] of Object.entries(node)) walk(inner, key ? `${key}.${child}` : child);
    } else {
      out.set(key, node);
    }
  };
  walk(value, prefix);
  return out;
}

/** The names of the {{placeholders}} in a text, sorted and without duplicates: "{{- name}}", "{{n, number}}" → name, n. */
export function placeholders(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/\{\{\s*-?\s*([^\s,}]+)[^}]*\}\}/g)) names.add(match[1]!);
  return [...names].sort();
}

/** Missing keys, differing placeholders and empty values between the reference language and every other one. */
export function compareBundles(bundles: Bundles, reference = REFERENCE_LANGUAGE): Problem[] {
  const problems: Problem[] = [];
  const languages = Object.keys(bundles).sort((a, b) => (a === reference ? -1 : b === reference ? 1 : a.localeCompare(b)));

  for (const language of languages) {
    for (const [namespace, bundle] of Object.entries(bundles[language]!)) {
      for (const [key, value] of flatten(bundle)) {
        if (typeof value !== "string") problems.push({ kind: "not-text", language, namespace, key, value: JSON.stringify(value) });
        else if (value.trim() === "") problems.push({ kind: "empty", language, namespace, key });
      }
    }
  }

  const [first, ...others] = languages;
  if (!first) return problems;
  for (const other of others) {
    const pair: [string, string] = [first, other];
    const namespaces = new Set([...Object.keys(bundles[first]!), ...Object.keys(bundles[other]!)]);
    for (const namespace of [...namespaces].sort()) {
      const a = bundles[first]![namespace];
      const b = bundles[other]![namespace];
      if (a === undefined || b === undefined) {
        const [missing, presentIn] = a === undefined ? [first, other] : [other, first];
        problems.push({ kind: "missing-namespace", language: missing, namespace, presentIn });
        continue;
      }
      const keysA = flatten(a);
      const keysB = flatten(b);
      for (const [key, value] of keysA) {
        if (!keysB.has(key)) {
          problems.push({ kind: "missing-key", language: other, namespace, key, presentIn: first });
          continue;
        }
        const valueB = keysB.get(key);
        if (typeof value !== "string" || typeof valueB !== "string") continue;
        const found: [string[], string[]] = [placeholders(value), placeholders(valueB)];
        if (found[0].join() !== found[1].join()) problems.push({ kind: "placeholders", namespace, key, languages: pair, found });
      }
      for (const key of keysB.keys()) {
        // Every key in every language, plural forms too (a form one language never uses repeats its "other").
        if (!keysA.has(key)) problems.push({ kind: "missing-key", language: first, namespace, key, presentIn: other });
      }
    }
  }
  return problems;
}

export interface DeclaredCodes {
  source: ErrorCodeSource;
  codes: string[];
}

/** Every error code must have a text under <namespace>:<prefix>.<CODE> in every language. */
export function checkErrorCodes(bundles: Bundles, declared: DeclaredCodes[]): Problem[] {
  const problems: Problem[] = [];
  for (const { source, codes } of declared) {
    for (const code of codes) {
      const key = `${source.prefix}.${code}`;
      for (const language of Object.keys(bundles).sort()) {
        const bundle = bundles[language]![source.namespace];
        const value = bundle === undefined ? undefined : flatten(bundle).get(key);
        if (typeof value !== "string" || value.trim() === "") {
          problems.push({ kind: "error-code", language, namespace: source.namespace, key, source: `${source.name} (${source.file})` });
        }
      }
    }
  }
  return problems;
}

export function describeProblem(problem: Problem): string {
  switch (problem.kind) {
    case "missing-namespace":
      return `missing file     locales/${problem.language}/${problem.namespace}.json (exists in ${problem.presentIn})`;
    case "missing-key":
      return `missing key      ${problem.language}  ${problem.namespace}:${problem.key} (exists in ${problem.presentIn})`;
    case "placeholders": {
      const show = (names: string[]) => (names.length ? names.map((n) => `{{${n}}}`).join(" ") : "none");
      const [a, b] = problem.languages;
      return `placeholders     ${problem.namespace}:${problem.key}  ${a}: ${show(problem.found[0])}  ≠  ${b}: ${show(problem.found[1])}`;
    }
    case "empty":
      return `empty text       ${problem.language}  ${problem.namespace}:${problem.key}`;
    case "not-text":
      return `not a text       ${problem.language}  ${problem.namespace}:${problem.key} = ${problem.value}`;
    case "error-code":
      return `error code text  ${problem.language}  ${problem.namespace}:${problem.key}  (from ${problem.source})`;
    case "error-code-source":
      return `error code type  ${problem.message}`;
  }
}

// ─── Reading the repository ─────────────────────────────────────────────────────────────────────────────

export function readBundles(localesDir: string): Bundles {
  const bundles: Bundles = {};
  for (const language of fs.readdirSync(localesDir).sort()) {
    const dir = path.join(localesDir, language);
    if (!fs.statSync(dir).isDirectory()) continue;
    bundles[language] = {};
    for (const file of fs.readdirSync(dir).sort()) {
      if (!file.endsWith(".json")) continue;
      const where = path.join(dir, file);
      try {
        bundles[language][file.slice(0, -".json".length)] = JSON.parse(fs.readFileSync(where, "utf8"));
      } catch (error) {
        throw new Error(`${path.relative(ROOT, where)} is not valid JSON: ${(error as Error).message}`);
      }
    }
  }
  return bundles;
}

/** Names that declare error codes: OrderErrorCode, ErrorCode, ORDER_ERROR_CODES, orderErrorCodes … */
export function isErrorCodeName(name: string): boolean {
  return /errorcodes?$/.test(name.replaceAll("_", "").toLowerCase());
}

function codeFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...codeFiles(full));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(full);
  }
  return out;
}

/** The string literals a type stands for, or null when some member is not a string literal. */
function stringLiterals(checker: ts.TypeChecker, type: ts.Type): string[] | null {
  const members = type.isUnion() ? type.types : [type];
  const codes: string[] = [];
  for (const member of members) {
    if (!member.isStringLiteral()) return null;
    codes.push(member.value);
  }
  return codes;
}

/** Every error-code declaration under app/ (type aliases and `as const` arrays), resolved by the TypeScript compiler. */
export function findDeclaredCodes(root = ROOT): { found: Array<{ file: string; name: string; line: number; codes: string[] | null }> } {
  const configPath = path.join(root, "tsconfig.json");
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  const options = parsed?.options ?? {};
  const files = CODE_DIRS.flatMap((dir) => codeFiles(path.join(root, dir))).filter((file) =>
    /errorcode|error_code/i.test(fs.readFileSync(file, "utf8")),
  );
  // Only our own files matter for string-literal unions: packages' type declarations are stubbed out (much faster).
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) =>
    fileName.includes("/node_modules/") && !path.basename(fileName).startsWith("lib.")
      ? ts.createSourceFile(fileName, "export {};", languageVersion)
      : getSourceFile(fileName, languageVersion, ...rest);
  const program = ts.createProgram({ rootNames: files, options: { ...options, types: [], noEmit: true }, host });
  const checker = program.getTypeChecker();
  const found: Array<{ file: string; name: string; line: number; codes: string[] | null }> = [];

  for (const file of files) {
    const sourceFile = program.getSourceFile(file);
    if (!sourceFile) continue;
    const relative = path.relative(root, file).split(path.sep).join("/");
    const record = (node: ts.Node, name: string, type: ts.Type) => {
      const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
      found.push({ file: relative, name, line, codes: stringLiterals(checker, type) });
    };
    const visit = (node: ts.Node) => {
      if (ts.isTypeAliasDeclaration(node) && isErrorCodeName(node.name.text)) {
        record(node, node.name.text, checker.getTypeAtLocation(node.name));
      } else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && isErrorCodeName(node.name.text)) {
        const type = checker.getTypeAtLocation(node.name);
        // readonly ["A", "B"] (as const) or string-literal arrays: the element types are the codes.
        const elements =
          checker.isTupleType(type) || checker.isArrayType(type) ? checker.getTypeArguments(type as ts.TypeReference) : [type];
        const codes = elements.map((element) => stringLiterals(checker, element));
        found.push({
          file: relative,
          name: node.name.text,
          line: sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1,
          codes: codes.some((c) => c === null) ? null : codes.flatMap((c) => c!),
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return { found };
}

/** Matches what the code declares with the table at the top of this file. */
export function matchSources(
  found: Array<{ file: string; name: string; line: number; codes: string[] | null }>,
  sources: ErrorCodeSource[],
): { declared: DeclaredCodes[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const declared: DeclaredCodes[] = [];
  for (const item of found) {
    const rows = sources.filter((source) => source.file === item.file && source.name === item.name);
    if (rows.length === 0) {
      problems.push({
        kind: "error-code-source",
        message: `${item.file}:${item.line} ${item.name} is not in ERROR_CODE_SOURCES (scripts/check-translations.ts): add a row saying which namespace and key prefix translate it`,
      });
      continue;
    }
    if (item.codes === null) {
      problems.push({ kind: "error-code-source", message: `${item.file}:${item.line} ${item.name} is not a union of string literals` });
      continue;
    }
    for (const source of rows) declared.push({ source, codes: item.codes });
  }
  for (const source of sources) {
    if (!found.some((item) => item.file === source.file && item.name === source.name)) {
      problems.push({
        kind: "error-code-source",
        message: `ERROR_CODE_SOURCES lists ${source.name} in ${source.file}, which no longer declares it: update or remove the row`,
      });
    }
  }
  return { declared, problems };
}

function main() {
  const bundles = readBundles(path.join(ROOT, "locales"));
  const { found } = findDeclaredCodes(ROOT);
  const { declared, problems: sourceProblems } = matchSources(found, ERROR_CODE_SOURCES);
  const problems = [...compareBundles(bundles), ...sourceProblems, ...checkErrorCodes(bundles, declared)];

  const languages = Object.keys(bundles);
  const keys = Object.values(bundles[REFERENCE_LANGUAGE] ?? {}).reduce<number>((sum, bundle) => sum + flatten(bundle).size, 0);
  const codes = new Set(declared.flatMap(({ source, codes }) => codes.map((code) => `${source.namespace}:${source.prefix}.${code}`)));
  const summary = `${languages.join("/")}: ${keys} keys in ${Object.keys(bundles[REFERENCE_LANGUAGE] ?? {}).length} namespaces; ${codes.size} error codes from ${found.length} declarations`;

  if (problems.length === 0) {
    console.log(`✓ translations agree (${summary})`);
    return;
  }
  console.error(`✖ ${problems.length} translation problem${problems.length === 1 ? "" : "s"} (${summary}):`);
  for (const problem of problems) console.error(`  ${describeProblem(problem)}`);
  process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
