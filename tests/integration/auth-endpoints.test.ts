import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import { isPublicAuthEndpoint } from "~/features/auth/auth-rules";
import { auth } from "~/features/auth/auth.server";
import { action as authApiAction, loader as authApiLoader } from "~/features/auth/routes/api-auth";
import { action as requestLink } from "~/features/auth/routes/auth";
import { signInAs, useSignInTest } from "./support/sessions";
import { BASE_URL, callRoute, formRequest } from "./support/routes";

const { handle, mailer } = useSignInTest();

function jsonPost(path: string, body: unknown, cookie = "", ip = "203.0.113.9") {
  return new Request(`${BASE_URL}/api/auth${path}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", Origin: BASE_URL, Cookie: cookie, "x-client-ip": ip },
  });
}

describe("the auth library's endpoints", () => {
  it("cannot send sign-in mail around our per-address limit", async () => {
    for (let i = 0; i < 6; i++) {
      const answer = await callRoute(
        authApiAction,
        jsonPost("/sign-in/magic-link", { email: "victim@example.com" }, "", `198.51.100.${i + 1}`),
      );
      expect(answer.status).toBe(404);
    }
    expect(mailer.sent).toHaveLength(0);
    // Our form still sends, and stops at three per address whatever the network.
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push(await callRoute(requestLink, formRequest("/auth", { email: "victim@example.com" }, "", `192.0.2.${i + 1}`)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(mailer.sent).toHaveLength(3);
  });

  it("cannot store a name our profile rules refuse", async () => {
    const { jar, userId } = await signInAs(handle.db, mailer, "ana@example.com", { name: "Ana" });
    for (const name of ["x".repeat(5000), "", "   "]) {
      const answer = await callRoute(authApiAction, jsonPost("/update-user", { name }, jar.header()));
      expect(answer.status).toBe(404);
    }
    const [row] = await handle.db.select({ name: users.name }).from(users).where(eq(users.id, userId));
    expect(row!.name).toBe("Ana");

    // Even a call from inside the server goes through the same rule.
    const headers = new Headers({ Cookie: jar.header(), Origin: BASE_URL });
    await expect(auth().api.updateUser({ body: { name: "   " }, headers })).rejects.toThrow();
    await auth().api.updateUser({ body: { name: `  ${"y".repeat(5000)}\u0000 ` }, headers });
    const [after] = await handle.db.select({ name: users.name }).from(users).where(eq(users.id, userId));
    expect(after!.name).toBe("y".repeat(120));
  });

  it("answers 404 to every endpoint but the link and provider callbacks, whatever the method", async () => {
    const endpoints = Object.values(auth().api as Record<string, { path?: string }>).flatMap((endpoint) =>
      typeof endpoint?.path === "string" ? [endpoint.path] : [],
    );
    expect(endpoints.length).toBeGreaterThan(20);
    const reachable: string[] = [];
    for (const template of endpoints) {
      const path = template.replace(/:[A-Za-z]+/g, "google");
      for (const method of ["GET", "POST"] as const) {
        const request =
          method === "GET" ? new Request(`${BASE_URL}/api/auth${path}`, { headers: { "x-client-ip": "203.0.113.9" } }) : jsonPost(path, {});
        const answer = await callRoute(method === "GET" ? authApiLoader : authApiAction, request);
        // The old sign-in link address only forwards to our confirmation page (docs/reliability.md "Hostile user").
        if (method === "GET" && path === "/magic-link/verify") {
          expect(answer.location).toBe("/auth/link");
          continue;
        }
        if (answer.status !== 404) reachable.push(`${method} ${path}`);
        expect(answer.status === 404 || isPublicAuthEndpoint(method, path), `${method} ${path} answered ${answer.status}`).toBe(true);
      }
    }
    expect(reachable.sort()).toEqual(["GET /callback/google"]);
  });
});
