import { describe, expect, it } from "vitest";
import {
  checkErrorCodes,
  compareBundles,
  describeProblem,
  flatten,
  isErrorCodeName,
  matchSources,
  placeholders,
  type ErrorCodeSource,
} from "./check-translations";

describe("flatten", () => {
  it("gives dotted keys for nested objects and arrays", () => {
    const flat = flatten({ errors: { NOT_FOUND: "No existe" }, terms: [{ heading: "1" }] });
    expect([...flat]).toEqual([
      ["errors.NOT_FOUND", "No existe"],
      ["terms.0.heading", "1"],
    ]);
  });
});

describe("placeholders", () => {
  it("finds {{names}}, once each, sorted, ignoring spaces, formats and the unescaped dash", () => {
    expect(placeholders("{{count}} de {{ total }} · {{count}} · {{- name}} · {{amount, number}}")).toEqual([
      "amount",
      "count",
      "name",
      "total",
    ]);
    expect(placeholders("sin nada")).toEqual([]);
  });
});

describe("compareBundles", () => {
  it("accepts two languages with the same keys and placeholders", () => {
    const bundles = {
      es: { orders: { title: "Pedido {{number}}", errors: { NOT_FOUND: "No existe" } } },
      en: { orders: { title: "Order {{number}}", errors: { NOT_FOUND: "Not found" } } },
    };
    expect(compareBundles(bundles)).toEqual([]);
  });

  it("reports a key that exists in only one language, in either direction", () => {
    const bundles = {
      es: { store: { cart: { empty: "Vacío", title: "Carrito" } } },
      en: { store: { cart: { title: "Cart", total: "Total" } } },
    };
    expect(compareBundles(bundles)).toEqual([
      { kind: "missing-key", language: "en", namespace: "store", key: "cart.empty", presentIn: "es" },
      { kind: "missing-key", language: "es", namespace: "store", key: "cart.total", presentIn: "en" },
    ]);
  });

  it("reports a namespace file that exists in only one language", () => {
    const problems = compareBundles({ es: { common: { a: "a" }, legal: { b: "b" } }, en: { common: { a: "a" } } });
    expect(problems).toEqual([{ kind: "missing-namespace", language: "en", namespace: "legal", presentIn: "es" }]);
  });

  it("reports differing placeholders, with both sets", () => {
    const bundles = {
      es: { orders: { paid: "Pagaste {{amount}} por {{method}}" } },
      en: { orders: { paid: "You paid {{total}} by {{method}}" } },
    };
    const problems = compareBundles(bundles);
    expect(problems).toEqual([
      {
        kind: "placeholders",
        namespace: "orders",
        key: "paid",
        languages: ["es", "en"],
        found: [
          ["amount", "method"],
          ["method", "total"],
        ],
      },
    ]);
    expect(describeProblem(problems[0]!)).toContain("es: {{amount}} {{method}}  ≠  en: {{method}} {{total}}");
  });

  it("does not care about the order or repetition of placeholders", () => {
    const bundles = { es: { a: { k: "{{a}} {{b}} {{a}}" } }, en: { a: { k: "{{b}} then {{a}}" } } };
    expect(compareBundles(bundles)).toEqual([]);
  });

  it("reports empty values and values that are not text, in any language", () => {
    const bundles = { es: { common: { a: "  ", b: "B" } }, en: { common: { a: "A", b: 3 } } };
    expect(compareBundles(bundles)).toEqual([
      { kind: "empty", language: "es", namespace: "common", key: "a" },
      { kind: "not-text", language: "en", namespace: "common", key: "b", value: "3" },
    ]);
  });

  it("wants every plural form in every language, even one a language's rules never pick", () => {
    const es = { common: { count_one: "{{count}} artículo", count_many: "{{count}} de artículos", count_other: "{{count}} artículos" } };
    expect(compareBundles({ es, en: { common: { count_one: "{{count}} item", count_other: "{{count}} items" } } })).toEqual([
      { kind: "missing-key", language: "en", namespace: "common", key: "count_many", presentIn: "es" },
    ]);
  });

  it("compares every language with the reference one", () => {
    const problems = compareBundles({ en: { c: { a: "A" } }, es: { c: { a: "A" } }, pt: { c: {} } });
    expect(problems).toEqual([{ kind: "missing-key", language: "pt", namespace: "c", key: "a", presentIn: "es" }]);
  });
});

describe("error codes", () => {
  const source: ErrorCodeSource = {
    file: "app/features/orders/orders.server.ts",
    name: "OrderErrorCode",
    namespace: "orders",
    prefix: "errors",
  };

  it("needs a non-empty text for every code in every language", () => {
    const bundles = {
      es: { orders: { errors: { NOT_FOUND: "No existe", WRONG_METHOD: "" } } },
      en: { orders: { errors: { NOT_FOUND: "Not found" } } },
    };
    const problems = checkErrorCodes(bundles, [{ source, codes: ["NOT_FOUND", "WRONG_METHOD"] }]);
    expect(problems.map((p) => ("language" in p ? `${p.language} ${p.namespace}:${"key" in p ? p.key : ""}` : ""))).toEqual([
      "en orders:errors.WRONG_METHOD",
      "es orders:errors.WRONG_METHOD",
    ]);
  });

  it("recognises the names that declare error codes", () => {
    for (const name of ["OrderErrorCode", "ErrorCode", "ORDER_ERROR_CODES", "orderErrorCodes"]) expect(isErrorCodeName(name)).toBe(true);
    for (const name of ["OrderError", "ErrorCodeMap", "errorMessage"]) expect(isErrorCodeName(name)).toBe(false);
  });

  it("fails on a declaration missing from the table, on a stale row, and on codes that are not literals", () => {
    const { declared, problems } = matchSources(
      [
        { file: source.file, name: source.name, line: 12, codes: ["NOT_FOUND"] },
        { file: "app/domain/new.ts", name: "NewErrorCode", line: 3, codes: ["X"] },
        { file: "app/domain/loose.ts", name: "LooseErrorCode", line: 1, codes: null },
      ],
      [
        source,
        { file: "app/domain/loose.ts", name: "LooseErrorCode", namespace: "x", prefix: "errors" },
        { file: "app/gone.ts", name: "GoneErrorCode", namespace: "x", prefix: "errors" },
      ],
    );
    expect(declared).toEqual([{ source, codes: ["NOT_FOUND"] }]);
    expect(problems.map(describeProblem)).toEqual([
      expect.stringContaining("app/domain/new.ts:3 NewErrorCode is not in ERROR_CODE_SOURCES"),
      expect.stringContaining("app/domain/loose.ts:1 LooseErrorCode is not a union of string literals"),
      expect.stringContaining("GoneErrorCode in app/gone.ts, which no longer declares it"),
    ]);
  });
});
