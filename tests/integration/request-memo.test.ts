import { beforeEach, describe, expect, it, vi } from "vitest";
import { auth } from "~/features/auth/auth.server";
import { forgetCachedUser } from "~/features/auth/session-cache.server";
import { getCurrentUser } from "~/features/auth/session.server";

import { withRequestContext } from "~/lib/log.server";
import { BASE_URL } from "./support/routes";
import { memoryMailer, signInAs, useTestAuth } from "./support/sessions";
import { useTestDatabase } from "./test-database";

const handle = useTestDatabase();
let mailer: ReturnType<typeof memoryMailer>;

beforeEach(async () => {
  mailer = memoryMailer();
  useTestAuth(handle.db, mailer);
});

// React Router hands each loader a Request of its own: the lookup is shared through the request context.
const read = (cookie: string) => new Request(`${BASE_URL}/orders`, { headers: { cookie } });
const post = (cookie: string) => new Request(`${BASE_URL}/orders`, { method: "POST", headers: { cookie } });

describe("the signed-in user", () => {
  it("is looked up once for a request's loaders, then kept by the process until that user changes (decision 009)", async () => {
    const { jar, userId } = await signInAs(handle.db, mailer, "memo@example.com");
    const cookie = jar.header();
    const lookups = vi.spyOn(auth().api, "getSession");
    try {
      const [root, page] = await withRequestContext({ requestId: "one" }, () =>
        Promise.all([getCurrentUser(read(cookie)), getCurrentUser(read(cookie))]),
      );
      expect(root?.id).toBe(userId);
      expect(page).toEqual(root);
      expect(lookups).toHaveBeenCalledTimes(1);

      // The next requests, loaders and actions alike, use the process's copy.
      await withRequestContext({ requestId: "two" }, () => getCurrentUser(read(cookie)));
      await withRequestContext({ requestId: "three" }, async () => {
        await getCurrentUser(post(cookie));
        await getCurrentUser(post(cookie));
      });
      expect(lookups).toHaveBeenCalledTimes(1);

      // A change to the user drops the copy: the next request looks up again.
      forgetCachedUser(userId);
      await withRequestContext({ requestId: "four" }, () => getCurrentUser(read(cookie)));
      expect(lookups).toHaveBeenCalledTimes(2);

      // A visitor (no session cookie) costs no lookup at all.
      expect(await withRequestContext({ requestId: "five" }, () => getCurrentUser(read("lang=es")))).toBeNull();
      expect(lookups).toHaveBeenCalledTimes(2);
    } finally {
      lookups.mockRestore();
    }
  });
});
