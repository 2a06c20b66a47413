#!/usr/bin/env node
// A stand-in for the receiving bank's credit search (docs/bank-match.md): the Pago Móvil credits the
// account received, searched by amount, reference, paying bank or phone and date.
//   npm run bank-match:demo   → http://127.0.0.1:4013, key "demo-bank-key"
// It knows the credits added with POST /demo/credits (the tests add the payment the buyer "made") and
// one demo credit per day: reference 20261234 for Bs. 736,50 from 0102. Reference 99999999 answers 503 (bank down).
import { randomUUID } from "node:crypto";
import { demoOptions, json, readBody, serve } from "./demo-kit.mjs";

const options = demoOptions("BANK_MATCH_DEMO", { port: "4013", key: "demo-bank-key" });
const log = (line) => options.quiet || console.log(line);
const credits = [];
const DOWN = "99999999";

function today() {
  return new Date().toISOString().slice(0, 10);
}

serve(
  "Bank match",
  options,
  async (req, res) => {
    const url = new URL(req.url ?? "/", "http://demo");
    const body = req.method === "POST" ? await readBody(req) : "";
    if (url.pathname === "/health") return json(res, 200, { ok: true });
    const input = body ? JSON.parse(body) : {};
    if (url.pathname === "/demo/credits" && req.method === "POST") {
      const credit = { id: `CR-${randomUUID().slice(0, 8)}`, currency: "VES", date: today(), ...input };
      credits.push(credit);
      log(`credit ${credit.id}: ${credit.amount} ${credit.reference}`);
      return json(res, 201, credit);
    }
    if (url.pathname !== "/v1/credits/search" || req.method !== "POST") return json(res, 404, { error: "not found" });
    if (req.headers.authorization !== `Bearer ${options.key}`) return json(res, 401, { error: "unauthorized" });
    const reference = String(input.reference ?? "").replace(/\D/g, "");
    if (reference === DOWN) return json(res, 503, { error: "core banking unavailable" });
    const known = [
      ...credits,
      { id: `CR-DEMO-${today()}`, amount: "736.50", reference: "20261234", payerBank: "0102", payerPhone: "04121234567", date: today() },
    ];
    const credit = known.find(
      (entry) =>
        reference.length >= 4 &&
        String(entry.reference).endsWith(reference) &&
        entry.amount === input.amount &&
        entry.date === input.date &&
        (entry.payerBank === input.payerBank || entry.payerPhone === input.payerPhone),
    );
    log(`search ${input.amount} ${reference} ${input.date} → ${credit ? credit.id : "none"}`);
    return json(res, 200, credit ? { found: true, credit } : { found: false });
  },
  [`Run the product with: BANK_MATCH_URL=http://${options.host}:${options.port} BANK_MATCH_KEY=${options.key} npm start`],
);
