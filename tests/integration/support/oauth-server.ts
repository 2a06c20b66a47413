import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface OAuthTestUser {
  /** What the userinfo endpoint answers for this user. */
  profile: Record<string, unknown>;
}

/**
 * A small OAuth 2.0 authorization server on loopback, strict like the real ones: it checks the
 * client, the redirect URI, the state's presence, PKCE (S256) and the client secret, and a code
 * works once.
 */
export async function startOAuthServer(options: { clientId: string; clientSecret: string; user: OAuthTestUser }) {
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const tokens = new Set<string>();
  const log: string[] = [];

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === "/authorize") {
      log.push("authorize");
      const params = url.searchParams;
      if (params.get("client_id") !== options.clientId) return json(400, { error: "invalid_client" });
      if (params.get("response_type") !== "code" || !params.get("state")) return json(400, { error: "invalid_request" });
      if (params.get("code_challenge_method") !== "S256" || !params.get("code_challenge")) return json(400, { error: "pkce_required" });
      const redirectUri = params.get("redirect_uri") ?? "";
      const code = randomBytes(16).toString("hex");
      codes.set(code, { challenge: params.get("code_challenge")!, redirectUri });
      const back = new URL(redirectUri);
      back.searchParams.set("code", code);
      back.searchParams.set("state", params.get("state")!);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === "/token" && req.method === "POST") {
      log.push("token");
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = new URLSearchParams(Buffer.concat(chunks).toString());
      const basic = req.headers.authorization?.startsWith("Basic ")
        ? Buffer.from(req.headers.authorization.slice(6), "base64").toString().split(":").map(decodeURIComponent)
        : [body.get("client_id"), body.get("client_secret")];
      if (basic[0] !== options.clientId || basic[1] !== options.clientSecret) return json(401, { error: "invalid_client" });
      const grant = codes.get(body.get("code") ?? "");
      codes.delete(body.get("code") ?? "");
      if (!grant || grant.redirectUri !== body.get("redirect_uri")) return json(400, { error: "invalid_grant" });
      const verifier = body.get("code_verifier") ?? "";
      if (createHash("sha256").update(verifier).digest("base64url") !== grant.challenge)
        return json(400, { error: "invalid_grant", error_description: "PKCE" });
      const accessToken = randomBytes(16).toString("hex");
      tokens.add(accessToken);
      return json(200, { access_token: accessToken, token_type: "Bearer", expires_in: 3600, scope: "openid email profile" });
    }
    if (url.pathname === "/userinfo") {
      log.push("userinfo");
      const token = req.headers.authorization?.replace(/^Bearer /, "") ?? "";
      if (!tokens.has(token)) return json(401, { error: "invalid_token" });
      return json(200, options.user.profile);
    }
    json(404, { error: "not_found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoints: { authorizationUrl: `${base}/authorize`, tokenUrl: `${base}/token`, userInfoUrl: `${base}/userinfo` },
    log,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
