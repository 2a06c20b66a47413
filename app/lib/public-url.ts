/**
 * With PUBLIC_URL unset, links follow the address the request came to, but only when that address
 * is this machine or a private network: a sign-in link must never point at a host an attacker put
 * in the Host header. Pure, tested in public-url.test.ts.
 */
const OCTET = "(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
const LOCAL_HOST = new RegExp(
  "^(" +
    [
      "localhost",
      `127\\.${OCTET}\\.${OCTET}\\.${OCTET}`,
      `10\\.${OCTET}\\.${OCTET}\\.${OCTET}`,
      `192\\.168\\.${OCTET}\\.${OCTET}`,
      `172\\.(1[6-9]|2\\d|3[01])\\.${OCTET}\\.${OCTET}`,
      "\\[::1\\]",
      "[a-z0-9-]+(\\.[a-z0-9-]+)*\\.local",
    ].join("|") +
    ")(:\\d{1,5})?$",
  "i",
);

/** True for `localhost:3000`, `127.0.0.1`, `192.168.1.20:3000`, `pc.local`…; false for any public name. */
export function isLocalHost(host: string | null | undefined): boolean {
  return typeof host === "string" && LOCAL_HOST.test(host);
}
