// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createRefresher, createRegion, postInPlace, swapWhole, type Region } from "./in-place";

const refresherOf = (region: Region) =>
  createRefresher(
    region,
    () => "/page",
    (answer) => swapWhole(region, answer),
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
