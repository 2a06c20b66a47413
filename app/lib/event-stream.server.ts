/** What one look found: events to send (already in server-sent-events form), or that the stream is over. */
export type Look = { send: string } | { close: true } | null;

/**
 * A server-sent-events response that looks for news every `everyMs` (one look at a time) and stays
 * open at most `openMs`, after which the browser's EventSource reconnects by itself (with the
 * `Last-Event-ID` of the last event, when the events carry ids). A look that finds nothing sends a
 * comment, which also tells a dead connection apart. Used by the order page and the donation overlay.
 */
export function pollingEventStream(request: Request, options: { everyMs: number; openMs: number; look: () => Promise<Look> }): Response {
  const encoder = new TextEncoder();
  let timer: ReturnType<typeof setInterval> | undefined;
  let closeTimer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearInterval(timer);
    clearTimeout(closeTimer);
  };
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
      let looking = false;
      timer = setInterval(() => {
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
      closeTimer = setTimeout(close, options.openMs);
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
