#!/usr/bin/env node
// A stand-in for the YouTube Data API v3 search (`GET /youtube/v3/search?part=snippet&channelId=…&eventType=live&type=video&key=…`),
// speaking the contract in docs/streamers.md. Off by default in the product; for local runs and tests:
//   node scripts/youtube-demo.mjs --port 4021 --key demo-key [--live UC…,UC…] [--daily-searches 100] [--quiet]
// Then run the product with YOUTUBE_API_URL=http://127.0.0.1:4021 YOUTUBE_API_KEY=demo-key.
// Tests switch a channel with `POST /demo/live {"channelId": "UC…", "live": true, "viewers": 345}` (`viewers` optional:
// 800 unless given); `GET /youtube/v3/videos?part=liveStreamingDetails&id=…` answers the live video's
// `concurrentViewers` (a string, as YouTube's). Like YouTube, a wrong key is 400 keyInvalid, and once the day's
// searches are spent every search is 403 quotaExceeded (the videos look-up is another, cheaper bucket).
import { demoOptions, json, readBody, serve } from "./demo-kit.mjs";

const options = demoOptions("YOUTUBE_DEMO", { port: "4021", key: "demo-key", live: "", "daily-searches": "100" });
/** Live channels and their viewer counts. */
const live = new Map(
  options.live
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean)
    .map((id) => [id, 800]),
);
const videoOf = (channelId) => `demo-${channelId}`;
let searches = 0;

const error = (res, status, reason, message) =>
  json(res, status, { error: { code: status, message, errors: [{ message, domain: "youtube.quota", reason }] } });

serve("YouTube", options, async (req, res) => {
  const url = new URL(req.url ?? "/", "http://youtube");
  if (!options.quiet) console.log(`${req.method} ${url.pathname} → …`);
  if (url.pathname === "/health") return json(res, 200, { ok: true });
  if (req.method === "POST" && url.pathname === "/demo/live") {
    try {
      const { channelId, live: on, viewers } = JSON.parse(await readBody(req));
      if (on) live.set(String(channelId), Number.isInteger(viewers) && viewers >= 0 ? viewers : 800);
      else live.delete(String(channelId));
      return json(res, 200, { live: [...live.keys()], searches });
    } catch {
      return json(res, 400, { error: "Bad Request" });
    }
  }
  if (req.method !== "GET" || (url.pathname !== "/youtube/v3/search" && url.pathname !== "/youtube/v3/videos"))
    return error(res, 404, "notFound", "Not Found");
  if (url.searchParams.get("key") !== options.key) return error(res, 400, "keyInvalid", "API key not valid. Please pass a valid API key.");
  if (url.pathname === "/youtube/v3/videos") {
    const id = url.searchParams.get("id") ?? "";
    const channelId = [...live.keys()].find((channel) => videoOf(channel) === id);
    const items =
      channelId !== undefined && url.searchParams.get("part") === "liveStreamingDetails"
        ? [
            {
              kind: "youtube#video",
              id,
              liveStreamingDetails: { concurrentViewers: String(live.get(channelId)), actualStartTime: new Date().toISOString() },
            },
          ]
        : [];
    return json(res, 200, { kind: "youtube#videoListResponse", pageInfo: { totalResults: items.length, resultsPerPage: 1 }, items });
  }
  if (searches >= Number(options["daily-searches"]))
    return error(res, 403, "quotaExceeded", "The request cannot be completed because you have exceeded your quota.");
  searches += 1;
  const channelId = url.searchParams.get("channelId") ?? "";
  if (url.searchParams.get("eventType") !== "live" || url.searchParams.get("type") !== "video" || !channelId)
    return error(res, 400, "invalidSearchFilter", "eventType=live needs type=video and a channelId.");
  const items = live.has(channelId)
    ? [
        {
          kind: "youtube#searchResult",
          id: { kind: "youtube#video", videoId: videoOf(channelId) },
          snippet: { channelId, title: "En vivo", liveBroadcastContent: "live", publishedAt: new Date().toISOString() },
        },
      ]
    : [];
  return json(res, 200, { kind: "youtube#searchListResponse", pageInfo: { totalResults: items.length, resultsPerPage: 1 }, items });
});
