/**
 * Redirects (docs/reliability.md "Hostile user", items 1 and 2): every route that redirects to a
 * target taken from the request (`to`, `redirectTo`, the profile's meta refresh) keeps the browser
 * on this site and never answers 500, whatever the target holds (tabs, line breaks, backslashes, non-ASCII).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import { loader as authLoader } from "~/features/auth/routes/auth";
import { loader as continueLoader } from "~/features/auth/routes/continue";
import { action as confirmLink, loader as linkPage } from "~/features/auth/routes/link";
import { action as profileAction, loader as profileLoader } from "~/features/auth/routes/profile";
import { loader as cancelLoader } from "~/features/orders/routes/cancel";
import { loader as proofLoader } from "~/features/orders/routes/proof";
import { BASE_URL, callRoute, formRequest, getRequest } from "./support/routes";
import { signInAs, useSignInTest } from "./support/sessions";

const { handle, mailer } = useSignInTest();

const HOSTILE = [
  "/\tevil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "//evil.example",
  "https://evil.example",
  "/ /evil.example",
];

/** Where a browser goes with this Location, from a page of this site. */
function destination(location: string | null | undefined): string {
  expect(location).toBeTruthy();
  return new URL(location!, BASE_URL).origin;
}

/** Location must be a valid header value: the redirect helper would throw (a 500) otherwise. */
function expectSafeLocation(location: string | null | undefined) {
  expect(location).toMatch(/^[\x21-\x7e]+$/);
  expect(destination(location)).toBe(BASE_URL);
}

describe("redirect targets stay on the site", () => {
  it("/auth/continue sends a signed-in player only to paths of this site", async () => {
    const { jar } = await signInAs(handle.db, mailer, "ana@example.com");
    for (const to of HOSTILE) {
      const answer = await callRoute(continueLoader, getRequest(`/auth/continue?${new URLSearchParams({ to })}`, jar.header()));
      expect(answer.status, JSON.stringify(to)).toBe(302);
      expect(answer.location, JSON.stringify(to)).toBe("/");
    }
    const fine = await callRoute(continueLoader, getRequest(`/auth/continue?to=${encodeURIComponent("/store?game=x")}`, jar.header()));
    expect(fine.location).toBe("/store?game=x");
  });

  it("/auth sends a signed-in visitor on only to paths of this site", async () => {
    const { jar } = await signInAs(handle.db, mailer, "ana@example.com");
    for (const redirectTo of HOSTILE) {
      const answer = await callRoute(authLoader, getRequest(`/auth?${new URLSearchParams({ redirectTo })}`, jar.header()));
      expect(answer.location, JSON.stringify(redirectTo)).toBe("/");
    }
  });

  it("a new player's profile page and its refresh after saving keep only paths of this site", async () => {
    const { jar, userId } = await signInAs(handle.db, mailer, "new@example.com");
    for (const redirectTo of HOSTILE) {
      await handle.db.update(users).set({ name: "", age: null }).where(eq(users.id, userId));
      const incomplete = await callRoute(
        continueLoader,
        getRequest(`/auth/continue?${new URLSearchParams({ to: redirectTo })}`, jar.header()),
      );
      expect(new URL(incomplete.location!, BASE_URL).searchParams.get("redirectTo"), JSON.stringify(redirectTo)).toBe("/");
      const page = await callRoute<{ redirectTo: string }>(
        profileLoader,
        getRequest(`/auth/profile?${new URLSearchParams({ redirectTo })}`, jar.header()),
      );
      expect(page.data?.redirectTo).toBe("/");
      const saved = await callRoute<{ ok: boolean; redirectTo: string }>(
        profileAction,
        formRequest(
          "/auth/profile",
          { email: "new@example.com", fullname: "Ana Pérez", age: "20", favoriteGame: "free-fire", redirectTo },
          jar.header(),
        ),
      );
      expect(saved.data).toMatchObject({ ok: true, redirectTo: "/" });
    }
  });
});

describe("redirect targets never crash a route", () => {
  it("line breaks and non-ASCII in a target answer a valid redirect, never a 500", async () => {
    const { jar } = await signInAs(handle.db, mailer, "ana@example.com");
    const café = await callRoute(continueLoader, getRequest(`/auth/continue?to=${encodeURIComponent("/tienda/café")}`, jar.header()));
    expect(café.status).toBe(302);
    expect(café.location).toBe("/tienda/caf%C3%A9");
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary", maxLength: 40 }), async (tail) => {
        const to = `/${tail}`;
        for (const request of [
          getRequest(`/auth/continue?${new URLSearchParams({ to })}`, jar.header()),
          getRequest(`/auth?${new URLSearchParams({ redirectTo: to })}`, jar.header()),
        ]) {
          const answer = await callRoute(request.url.includes("continue") ? continueLoader : authLoader, request);
          expect(answer.status).toBe(302);
          expectSafeLocation(answer.location);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe("redirects built from a path segment encode it", () => {
  it("an order id with a line break or non-ASCII is an unknown order (404), never a 500; a well-formed one redirects", async () => {
    for (const orderId of ["\n", "a\r\nSet-Cookie: x=1", "pedido-é", "//evil.example"]) {
      for (const loader of [proofLoader, cancelLoader]) {
        const answer = await callRoute(loader, getRequest(`/orders/${encodeURIComponent(orderId)}/proof`), { orderId });
        expect(answer.status, JSON.stringify(orderId)).toBe(404);
      }
    }
    for (const loader of [proofLoader, cancelLoader]) {
      const answer = await callRoute(loader, getRequest("/orders/pedido-1/proof"), { orderId: "pedido-1" });
      expect(answer.status).toBe(302);
      expectSafeLocation(answer.location);
      expect(answer.location).toBe("/orders/pedido-1");
    }
  });
});

describe("the sign-in link's page and button take any query or form", () => {
  it("answer a redirect on this site, never a 500", async () => {
    const text = fc.oneof(fc.string({ unit: "binary", maxLength: 60 }), fc.constantFrom(...HOSTILE));
    await fc.assert(
      fc.asyncProperty(text, text, text, async (token, callbackURL, errorCallbackURL) => {
        const fields = { token, callbackURL, newUserCallbackURL: callbackURL, errorCallbackURL };
        const page = await callRoute(linkPage, getRequest(`/auth/link?${new URLSearchParams(fields)}`));
        expect(page.status).toBe(302);
        expectSafeLocation(page.location);
        const posted = await callRoute(confirmLink, formRequest("/auth/link", fields));
        // A NUL in a form is refused as a whole by readForm (400), before any redirect.
        if (Object.values(fields).some((value) => value.includes("\u0000"))) {
          expect(posted.status).toBe(400);
          return;
        }
        expect(posted.status).toBe(302);
        expectSafeLocation(posted.location);
      }),
      { numRuns: 40 },
    );
  });
});
