import { Link } from "react-router";
import { describe, expect, it } from "vitest";
import { useTranslation } from "~/lib/i18n-react";
import { useFormat } from "~/lib/use-format";
import { renderMarkup, sharedMarkup } from "./shared-markup.server";

function Card({ at }: { at: string }) {
  const { t } = useTranslation("probe");
  const format = useFormat();
  return (
    <p>
      <Link to="/tournament?id=t1">{t("title")}</Link> <time>{format.dateTime(at)}</time>
    </p>
  );
}

const setting = (language: "es" | "en") => ({
  language,
  messages: { probe: { title: language === "es" ? "Torneo" : "Tournament" } },
  timeZone: "America/Caracas",
  url: "http://localhost/",
});

describe("renderMarkup", () => {
  it("renders under the page's providers: texts, links and the platform's time zone", async () => {
    const html = await renderMarkup(<Card at="2026-11-27T16:00:00Z" />, setting("es"));
    expect(html).toContain('<a href="/tournament?id=t1"');
    expect(html).toContain(">Torneo</a>");
    // 16:00 UTC is noon in Caracas.
    expect(html).toMatch(/12:00/);
    expect(await renderMarkup(<Card at="2026-11-27T16:00:00Z" />, setting("en"))).toContain(">Tournament</a>");
  });
});

describe("sharedMarkup", () => {
  it("renders once while made from the same objects and young enough", async () => {
    let time = 0;
    let renders = 0;
    const cards = [{ id: "a" }];
    const render = async () => `render ${++renders}`;
    const ask = (from: unknown[]) => sharedMarkup("probe:same", from, render, { keepMs: 5000, now: () => time });
    expect(await ask([cards])).toBe("render 1");
    time = 4999;
    expect(await ask([cards])).toBe("render 1");
    // A new copy of the shared read (its table changed): rendered again at once.
    expect(await ask([[{ id: "a" }]])).toBe("render 2");
    time = 10_000;
    expect(await ask([[{ id: "a" }]])).toBe("render 3");
  });

  it("shares one render between visitors arriving together, and keeps no failure", async () => {
    let renders = 0;
    const from = [{}];
    const slow = () => new Promise<string>((resolve) => setTimeout(() => resolve(`render ${++renders}`), 10));
    const answers = await Promise.all([1, 2, 3].map(() => sharedMarkup("probe:together", from, slow, { keepMs: 5000 })));
    expect(answers).toEqual(["render 1", "render 1", "render 1"]);
    const failing = () => Promise.reject(new Error("down"));
    await expect(sharedMarkup("probe:failing", from, failing, { keepMs: 5000 })).rejects.toThrow("down");
    expect(await sharedMarkup("probe:failing", from, async () => "back", { keepMs: 5000 })).toBe("back");
  });
});
