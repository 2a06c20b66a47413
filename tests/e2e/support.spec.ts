import type { Page } from "@playwright/test";
import { expect, signUp, test, uniqueEmail } from "./support/auth-fixtures";

// /support has no React runtime (docs/decisions/002): the server checks the message and answers
// with the page, what was typed kept. With a script the answer is swapped in place; without one
// the form posts the plain way, with the same messages.

test.describe.configure({ timeout: 60_000 });

function supportForm(page: Page) {
  const section = page.getByTestId("support-page");
  return {
    // Each control sits in its <label>: the select's accessible name also holds its options' text.
    topic: section.getByRole("combobox", { name: /^Tema/ }),
    message: section.getByRole("textbox", { name: /^Mensaje/ }),
    submit: page.getByTestId("support-submit"),
    // A field's own error sits under it; a refusal of the whole form (the hourly limit) above the form.
    error: page.getByTestId(/^support-error(-message|-topic)?$/),
    sent: page.getByTestId("support-sent"),
  };
}

test("a refused message comes back translated with what was typed, in place; a good one is received", async ({ page }) => {
  await signUp(page, uniqueEmail("support"), { fullname: "Sol Soporte" });
  await page.goto("/support");
  const form = supportForm(page);
  await form.topic.selectOption("order");
  await form.message.fill("hola");
  // Answered in place: the page's own window stays (no navigation), and so does the address.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await form.submit.click();
  await expect(form.error).toHaveText("Escribe al menos 10 caracteres.");
  await expect(form.topic).toHaveValue("order");
  await expect(form.message).toHaveValue("hola");
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await expect(page).toHaveURL((url) => url.pathname === "/support");

  await form.message.fill("Mi recarga de diamantes no llegó todavía");
  await form.submit.click();
  await expect(form.sent).toHaveText(/^Recibimos tu mensaje #\d+\. Te enviamos un correo de confirmación y te responderemos por correo\.$/);
  await expect(form.error).toHaveCount(0);
  await expect(form.submit).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test("without JavaScript: the same refusal, the message received, then the hourly limit, each translated", async ({
  page,
  browser,
  baseURL,
  extraHTTPHeaders,
}) => {
  await signUp(page, uniqueEmail("support-nojs"), { fullname: "Nico Sinscript" });
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders,
    javaScriptEnabled: false,
    timezoneId: "America/Caracas",
    storageState: await page.context().storageState(),
  });
  try {
    const plain = await context.newPage();
    const form = supportForm(plain);
    await plain.goto("/support");
    await form.topic.selectOption("payment");
    await form.message.fill("corto");
    await form.submit.click();
    await expect(form.error).toHaveText("Escribe al menos 10 caracteres.");
    await expect(form.topic).toHaveValue("payment");
    await expect(form.message).toHaveValue("corto");

    // Five messages an hour are received; the sixth is refused, its text kept.
    for (let sent = 1; sent <= 5; sent += 1) {
      if (sent > 1) await plain.goto("/support");
      await form.topic.selectOption("payment");
      await form.message.fill(`Pagué dos veces el pedido número ${sent}`);
      await form.submit.click();
      await expect(form.sent).toBeVisible();
    }
    await plain.goto("/support");
    await form.topic.selectOption("account");
    await form.message.fill("Un sexto mensaje en la misma hora");
    await form.submit.click();
    await expect(form.error).toHaveText("Enviaste muchos mensajes seguidos. Espera unos minutos.");
    await expect(form.topic).toHaveValue("account");
    await expect(form.message).toHaveValue("Un sexto mensaje en la misma hora");
  } finally {
    await context.close();
  }
});
