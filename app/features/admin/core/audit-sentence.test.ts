import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import es from "../../../../locales/es/admin.json";
import en from "../../../../locales/en/admin.json";
import { SENTENCE_ACTIONS, TARGET_MARK, auditTarget, sentenceKey, splitSentence } from "./audit-sentence";

const subject = {
  entityId: "abc",
  orderNumber: null,
  tournamentTitle: null,
  teamName: null,
  registrationTournamentId: null,
  userEmail: null,
};

describe("audit sentences", () => {
  it("link an order by its number, a tournament by its title, a team to its tournament's registrations", () => {
    expect(auditTarget({ ...subject, entity: "order", orderNumber: 4 })).toEqual({ label: "#4", to: "/admin/orders/abc" });
    expect(auditTarget({ ...subject, entity: "tournament", tournamentTitle: "Copa" })).toEqual({
      label: "Copa",
      to: "/admin/tournaments/abc",
    });
    expect(auditTarget({ ...subject, entity: "registration", teamName: "Lobos", registrationTournamentId: "copa-1" })).toEqual({
      label: "Lobos",
      to: "/admin/tournaments/copa-1/registrations",
    });
    expect(auditTarget({ ...subject, entity: "user", userEmail: "a@b.co" })).toEqual({ label: "a@b.co", to: "/admin/users/abc" });
    // A subject gone (or never named) is still told by its id, without a link where there is no page.
    expect(auditTarget({ ...subject, entity: "registration" })).toEqual({ label: "abc", to: null });
    expect(auditTarget({ ...subject, entity: "something_new" })).toEqual({ label: "abc", to: null });
  });

  it("have a sentence in both languages for every action, each with who and the subject", () => {
    for (const messages of [es, en]) {
      const sentences = (messages.audit as unknown as { sentences: Record<string, string> }).sentences;
      for (const action of [...SENTENCE_ACTIONS, "other"]) {
        const text = sentences[action];
        expect(text, action).toBeTypeOf("string");
        expect(text).toContain("{{who}}");
        expect(text).toContain("{{target}}");
      }
    }
    expect(sentenceKey("order.approve")).toBe("audit.sentences.order.approve");
    expect(sentenceKey("prizes")).toBe("audit.sentences.other");
  });

  it("link an organization to its management page and tell the commission by its value", () => {
    expect(auditTarget({ ...subject, entity: "organization", organizationName: "Liga", organizationSlug: "liga" })).toEqual({
      label: "Liga",
      to: "/organizations/liga/manage",
    });
    expect(auditTarget({ ...subject, entity: "organization" })).toEqual({ label: "abc", to: null });
    expect(auditTarget({ ...subject, entity: "setting", entityId: "prize_pool_commission_percent", after: { percent: 12 } })).toEqual({
      label: "12 %",
      to: "/admin/organizations",
    });
  });

  it("tell every organization and prize pool action the code writes with a sentence of its own", () => {
    const written = new Set<string>();
    const walk = (folder: string) => {
      for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
        const file = path.join(folder, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
          for (const [, action] of fs.readFileSync(file, "utf8").matchAll(/"((?:organization|prize_pool)\.[a-z_]+)"/g))
            written.add(action!);
      }
    };
    walk(path.resolve(__dirname, "../../.."));
    expect(written.size).toBeGreaterThan(10);
    for (const action of written) expect(SENTENCE_ACTIONS as readonly string[], action).toContain(action);
  });

  it("split around the subject's marker", () => {
    expect(splitSentence(`staff@x aprobó la orden ${TARGET_MARK}.`)).toEqual(["staff@x aprobó la orden ", "."]);
    expect(splitSentence("sin marca")).toBeNull();
  });
});
