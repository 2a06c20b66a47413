// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ANSWER_HOLD_MS, createRefresher, createRegion, postInPlace, swapWhole, type Region } from "./in-place";

const refresherOf = (region: Region, options: { background?: boolean } = {}) =>
  createRefresher(
    region,
    () => "/page",
    (answer) => swapWhole(region, answer),
    options,
  );

function page(body: string) {
  document.body.innerHTML = body;
  return document.querySelector("[data-swap]")!;
}

function answer(html: string, init: { redirected?: boolean; url?: string; ok?: boolean } = {}) {
  return { ok: init.ok ?? true, redirected: init.redirected ?? false, url: init.url ?? "", text: () => Promise.resolve(html) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("posting in place and swapping a region", () => {
  beforeEach(() => vi.stubGlobal("fetch", vi.fn()));
  afterEach(() => vi.unstubAllGlobals());

  it("a burst of live events makes one request, and one more for the events that came meanwhile", async () => {
    const root = page(`<div data-swap>first</div>`);
    const pending: Array<(html: string) => void> = [];
    vi.mocked(fetch).mockImplementation(() => new Promise((resolve) => pending.push((html) => resolve(answer(html) as never))));
    const refresh = refresherOf(createRegion(root, "[data-swap]"));

    void refresh();
    void refresh();
    void refresh();
    expect(fetch).toHaveBeenCalledTimes(1);
    pending[0]!(`<div data-swap>second</div>`);
    await settle();
    expect(root.innerHTML).toBe("second");
    expect(fetch).toHaveBeenCalledTimes(2);
    pending[1]!(`<div data-swap>third</div>`);
    await settle();
    expect(root.innerHTML).toBe("third");
    expect(fetch).toHaveBeenCalledTimes(2);
    void refresh();
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("a background refresh whose answer lacks the block keeps the page as it is", async () => {
    const root = page(`<div data-swap>shown</div>`);
    vi.mocked(fetch).mockResolvedValue(answer(`<p>Error</p>`) as never);
    await refresherOf(createRegion(root, "[data-swap]"))();
    expect(root.innerHTML).toBe("shown");
  });

  it("posts the form with its submitter, shows the sending text, and swaps in the answer", async () => {
    const root = page(
      `<div data-swap><form method="post" action="/tournament?id=t1" data-sending="Enviando…"><input name="teamName" value="Lobos"><button type="submit" name="intent" value="register">Inscribirme</button></form></div>`,
    );
    let sent: FormData | undefined;
    vi.mocked(fetch).mockImplementation((_url, init) => {
      sent = init?.body as FormData;
      expect(root.querySelector("button")!.disabled).toBe(true);
      expect(root.querySelector("button")!.textContent).toBe("Enviando…");
      return Promise.resolve(answer(`<div data-swap><p role="alert">Escribe el nombre del equipo.</p></div>`) as never);
    });
    const form = root.querySelector("form")!;
    await postInPlace(createRegion(root, "[data-swap]"), form, form.querySelector("button"));
    expect(sent?.get("teamName")).toBe("Lobos");
    expect(sent?.get("intent")).toBe("register");
    expect(root.querySelector("[role=alert]")!.textContent).toBe("Escribe el nombre del equipo.");
  });

  it("an older answer never overwrites a newer one", async () => {
    const root = page(`<div data-swap><form method="post" action="/x"><button type="submit">Go</button></form></div>`);
    const pending: Array<(html: string) => void> = [];
    vi.mocked(fetch).mockImplementation(() => new Promise((resolve) => pending.push((html) => resolve(answer(html) as never))));
    const region = createRegion(root, "[data-swap]");
    const refresh = refresherOf(region);
    void refresh();
    const posted = postInPlace(region, root.querySelector("form")!, null);
    pending[1]!(`<div data-swap>posted</div>`);
    await posted;
    pending[0]!(`<div data-swap>stale</div>`);
    await settle();
    expect(root.innerHTML).toBe("posted");
  });

  it("posts the plain way, with the button pressed, when the request cannot be sent", async () => {
    const root = page(
      `<div data-swap><form method="post" action="/x"><button type="submit" name="intent" value="verify">Go</button></form></div>`,
    );
    vi.mocked(fetch).mockRejectedValue(new TypeError("offline"));
    const submit = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => undefined);
    const form = root.querySelector("form")!;
    await postInPlace(createRegion(root, "[data-swap]"), form, form.querySelector("button"));
    expect(submit).toHaveBeenCalledOnce();
    expect(form.querySelector<HTMLInputElement>('input[type="hidden"][name="intent"]')!.value).toBe("verify");
  });
});

describe("a live update after a post of one's own", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal("fetch", vi.fn());
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("waits for the post's answer and leaves its message on screen for a while before refreshing once", async () => {
    const root = page(`<div data-swap><form method="post" action="/x"><button type="submit">Enviar</button></form></div>`);
    const pending: Array<(html: string) => void> = [];
    vi.mocked(fetch).mockImplementation(() => new Promise((resolve) => pending.push((html) => resolve(answer(html) as never))));
    const region = createRegion(root, "[data-swap]");
    const refresh = refresherOf(region, { background: true });

    const posted = postInPlace(region, root.querySelector("form")!, null);
    // The post's own change reaches the page (twice) before its answer does: no request overtakes it.
    void refresh();
    void refresh();
    expect(fetch).toHaveBeenCalledTimes(1);
    pending[0]!(`<div data-swap><p role="alert">Resultado enviado</p></div>`);
    await posted;
    expect(root.querySelector("[role=alert]")!.textContent).toBe("Resultado enviado");

    await vi.advanceTimersByTimeAsync(ANSWER_HOLD_MS - 100);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(root.querySelector("[role=alert]")).not.toBeNull();
    await vi.advanceTimersByTimeAsync(ANSWER_HOLD_MS);
    expect(fetch).toHaveBeenCalledTimes(2);
    pending[1]!(`<div data-swap><p>1.º y 0 bajas</p></div>`);
    await vi.advanceTimersByTimeAsync(0);
    expect(root.innerHTML).toBe("<p>1.º y 0 bajas</p>");
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("a post that could not be sent holds nothing back", async () => {
    const root = page(`<div data-swap><form method="post" action="/x"><button type="submit">Go</button></form></div>`);
    vi.mocked(fetch)
      .mockRejectedValueOnce(new TypeError("offline"))
      .mockResolvedValue(answer(`<div data-swap>fresh</div>`) as never);
    vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => undefined);
    const region = createRegion(root, "[data-swap]");
    await postInPlace(region, root.querySelector("form")!, null);
    await refresherOf(region, { background: true })();
    expect(root.innerHTML).toBe("fresh");
  });

  it("a person's own change (the cart's quantity) is not held back by an answer on screen", async () => {
    const root = page(`<div data-swap><form method="post" action="/x"><button type="submit">Go</button></form></div>`);
    vi.mocked(fetch)
      .mockResolvedValueOnce(answer(`<div data-swap><p role="alert">Cupón no válido</p></div>`) as never)
      .mockResolvedValue(answer(`<div data-swap>2 items</div>`) as never);
    const region = createRegion(root, "[data-swap]");
    await postInPlace(region, root.querySelector("form")!, null);
    await refresherOf(region)();
    expect(root.innerHTML).toBe("2 items");
  });
});
