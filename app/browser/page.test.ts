// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { restoreSentButtons, start } from "./page";

describe("the page module", () => {
  afterEach(() => {
    document.body.innerHTML = "";
    localStorage.clear();
  });

  it("gives a sent button its text back after Back, and touches nothing else", () => {
    document.documentElement.lang = "es";
    document.body.innerHTML = `
      <form method="post" action="/auth" data-sending="Enviando…"><button type="submit">Entrar</button></form>
      <input type="radio" name="packageId" value="free-fire-110" data-package-name="110 Diamantes" data-label="110 Diamantes">`;
    start();
    const form = document.querySelector("form")!;
    form.addEventListener("submit", (event) => event.preventDefault());
    form.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    const button = form.querySelector("button")!;
    // The page's own listener runs after ours prevented the post: nothing was marked.
    expect(button.disabled).toBe(false);

    const plain = document.createElement("form");
    plain.setAttribute("data-sending", "Enviando…");
    plain.innerHTML = `<button type="submit">Guardar</button>`;
    document.body.appendChild(plain);
    plain.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    expect(plain.querySelector("button")!.disabled).toBe(true);
    expect(plain.querySelector("button")!.textContent).toBe("Enviando…");

    restoreSentButtons();
    expect(plain.querySelector("button")!.disabled).toBe(false);
    expect(plain.querySelector("button")!.textContent).toBe("Guardar");
    const pack = document.querySelector("input[type=radio]")!;
    expect(pack.getAttribute("data-package-name")).toBe("110 Diamantes");
    expect(pack.getAttribute("data-label")).toBe("110 Diamantes");
  });

  it("remembers the page's language under the local key `language` (SPEC §4)", () => {
    document.documentElement.lang = "en";
    document.cookie = "lang=en";
    start();
    expect(localStorage.getItem("language")).toBe("English");
  });

  it("removes a toast on its close button only on a page without React", () => {
    document.documentElement.setAttribute("data-without-react", "");
    document.body.innerHTML = `<div class="toast"><button data-toast-close>×</button></div>`;
    start();
    document.querySelector<HTMLButtonElement>("[data-toast-close]")!.click();
    expect(document.querySelector(".toast")).toBeNull();
    document.documentElement.removeAttribute("data-without-react");
  });
});
