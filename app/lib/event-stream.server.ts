/** What one look found: events to send (already in server-sent-events form), or that the stream is over. */
export type Look = { send: string } | { close: true } | null;

/**
 * A server-sent-events response: `open` starts the feed (given `send`, and `close` to end the stream)
 * and answers how to stop it, which happens once the browser leaves, a send fails or the stream closes.
 * The first lines ask a reconnecting EventSource to wait 3 s. `no-transform` keeps compression from
 * buffering the stream.
 */
export function eventStream(request: Request, open: (send: (text: string) => void, close: () => void) => () => void): Response {
  const encoder = new TextEncoder();
  let stop = () => undefined as void;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const close = () => {
        stop();
        try {
          controller.close();
        } catch {
          /* already closed */
        }
      };
      send(`retry: 3000\n: connected\n\n`);
      stop = open(send, close);
      request.signal.addEventListener("abort", close);
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}

/**
 * A server-sent-events response that looks for news every `everyMs` (one look at a time) and stays
 * open at most `openMs`, after which the browser's EventSource reconnects by itself (with the
 * `Last-Event-ID` of the last event, when the events carry ids). A look that finds nothing sends a
 * comment, which also tells a dead connection apart. Used by the order page and the donation overlay.
 */
export function pollingEventStream(request: Request, options: { everyMs: number; openMs: number; look: () => Promise<Look> }): Response {
  return eventStream(request, (send, close) => {
    let looking = false;
    const timer = setInterval(() => {
      if (looking) return;
      looking = true;
      options
        .look()
        .then((found) => {
          if (found && "close" in found) close();
          else send(found ? found.send : `: keep-alive\n\n`);
        })
        .catch(() => undefined)
        .finally(() => (looking = false));
    }, options.everyMs);
    const closeTimer = setTimeout(close, options.openMs);
    return () => {
      clearInterval(timer);
      clearTimeout(closeTimer);
    };
  });
}
