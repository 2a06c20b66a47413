import { DataAttr, selector } from "~/browser/attributes";
import { showToast } from "~/browser/toast";
import { tick } from "~/browser/live-page";
import { IN_PLACE_HEADER } from "~/lib/in-place-answer";

/** The translated texts the payment page hands its script (`#pay-texts`). */
export interface PayTexts {
  /** With {{percent}}. */
  sending: string;
  /** The progress bar's accessible name. */
  uploadProgress: string;
  /** Error code → text. */
  errors: Record<string, string>;
}

/** What the proof upload answers when asked for JSON. */
interface ProofAnswer {
  ok: boolean;
  code?: string;
  redirectTo?: string;
}

/** The browser's own checks of a receipt, before a useless upload (the server checks everything again). */
export function fileProblem(file: FormDataEntryValue | null, maxBytes: number): "FILE_REQUIRED" | "FILE_TOO_LARGE" | null {
  if (!(file instanceof File) || file.size === 0) return "FILE_REQUIRED";
  return file.size > maxBytes ? "FILE_TOO_LARGE" : null;
}

/**
 * The payment page is served without the React runtime (docs/decisions/002). Without JavaScript the
 * proof form is a plain multipart post and errors come back as `?error=` on the page. This module
 * adds: the copy buttons (with a toast), the file checks that spare a useless upload, and the upload
 * through XMLHttpRequest, the one API that reports upload progress, which matters on a slow phone;
 * the server then answers JSON. Texts come translated from the page (#pay-texts).
 */
export function start(): void {
  const root = document.querySelector(selector(DataAttr.payPage));
  const textsElement = document.getElementById("pay-texts");
  if (!root || !textsElement) return;
  const texts = JSON.parse(textsElement.textContent ?? "{}") as PayTexts;
  root.querySelectorAll<HTMLButtonElement>(selector(DataAttr.copy)).forEach((button) => {
    button.hidden = false;
    button.addEventListener("click", () => {
      const copied = navigator.clipboard ? navigator.clipboard.writeText(button.getAttribute(DataAttr.copy) ?? "") : Promise.reject();
      copied.then(
        () => showToast("success", button.getAttribute(DataAttr.copied) ?? ""),
        () => showToast("error", button.getAttribute(DataAttr.copyFailed) ?? ""),
      );
    });
  });
  const form = root.querySelector<HTMLFormElement>(selector(DataAttr.proofForm));
  if (form) uploadInPlace(root, form, texts);
  // The time left to pay ticks on the server's clock, as on the live pages; at zero the page is read again.
  const countdown = root.querySelector(selector(DataAttr.countdown));
  if (countdown) {
    const skew = Date.parse(countdown.getAttribute(DataAttr.countdownNow) ?? "") - Date.now();
    setInterval(() => tick(root, skew, () => location.reload()), 1000);
  }
}

function uploadInPlace(root: Element, form: HTMLFormElement, texts: PayTexts): void {
  const slot = root.querySelector(selector(DataAttr.errorSlot))!;
  const template = document.getElementById("proof-error-template") as HTMLTemplateElement;
  const button = form.querySelector<HTMLButtonElement>("[type=submit]")!;
  const label = button.textContent;
  let bar: HTMLElement | null = null;

  function showError(code: string | null): void {
    slot.textContent = "";
    if (!code) return;
    const alert = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
    alert.textContent = texts.errors[code] ?? texts.errors.UNEXPECTED ?? code;
    slot.appendChild(alert);
  }

  function progress(percent: number | null): void {
    if (percent === null) {
      bar?.remove();
      bar = null;
      button.disabled = false;
      button.textContent = label;
      return;
    }
    if (!bar) {
      bar = document.createElement("div");
      bar.setAttribute("role", "progressbar");
      bar.setAttribute("aria-label", texts.uploadProgress);
      bar.setAttribute("aria-valuemin", "0");
      bar.setAttribute("aria-valuemax", "100");
      bar.setAttribute("data-testid", "upload-progress");
      bar.className = "h-2 overflow-hidden rounded-full bg-slate-800";
      bar.appendChild(document.createElement("div")).className = "h-full bg-gradient-to-r from-cyan-400 to-purple-500 transition-all";
      button.before(bar);
    }
    bar.setAttribute("aria-valuenow", String(percent));
    (bar.firstChild as HTMLElement).style.width = `${percent}%`;
    button.disabled = true;
    button.textContent = texts.sending.replace("{{percent}}", String(percent));
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const body = new FormData(form);
    if (form.hasAttribute(DataAttr.needsFile)) {
      const problem = fileProblem(body.get("receipt"), Number(form.getAttribute(DataAttr.maxBytes)));
      if (problem) return showError(problem);
    }
    showError(null);
    progress(0);
    const request = new XMLHttpRequest();
    request.open("POST", form.action);
    request.setRequestHeader("Accept", "application/json");
    // A refusal then answers 200 (with its code), so the browser logs no "Failed to load resource".
    request.setRequestHeader(IN_PLACE_HEADER, "1");
    request.upload.onprogress = (upload) => {
      if (upload.lengthComputable) progress(Math.round((upload.loaded / upload.total) * 100));
    };
    request.onload = () => {
      let answer: ProofAnswer;
      try {
        answer = JSON.parse(request.responseText) as ProofAnswer;
      } catch {
        answer = { ok: false, code: "UNEXPECTED" };
      }
      if (answer.ok && answer.redirectTo) return location.assign(answer.redirectTo);
      progress(null);
      showError(answer.code ?? "VERIFICATION_FAILED");
    };
    request.onerror = () => {
      progress(null);
      showError("UNEXPECTED");
    };
    request.send(body);
  });
}
