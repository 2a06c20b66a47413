import sharp from "sharp";
import { PHONE, noSidewaysScroll, personAt } from "./support/phone";
import { expect, serverFixture, signIn, signInOnce, test as base, type AppServer } from "./support/server-fixture";

// An organization's logo, invitation links and platform staff revoking its right to run tournaments
// (docs/organizations.md "Logo", "Invitation links", "Revoking"), on the data of
// seed-organization-invites.ts: "Otra Liga" (owner otra-org@example.com) and its published cup, two
// people who are not in it, and platform staff. Everything at phone width.

const test = base.extend<{ arena: AppServer }>({
  arena: serverFixture({ prepare: ["tests/e2e/support/seed-organization-invites.ts"] }),
  baseURL: async ({ arena }, use) => use(arena.url),
});

// One worker runs them in order, on one server.
test.describe.configure({ mode: "default" });

test.use({ viewport: PHONE });

const MANAGE = "/organizations/otra-liga/manage";

test("the owner uploads a logo, makes an invitation link for an admin, and another person signs in from it and joins", async ({
  page,
  browser,
  arena,
}) => {
  test.setTimeout(180_000);
  await signInOnce(page, arena, "otra-org@example.com", MANAGE);

  // The logo: a PNG from the phone's gallery, shown square on the page once saved.
  const logo = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 10, g: 180, b: 220 } } })
    .png()
    .toBuffer();
  await page.getByTestId("manage-logo-file").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
  await page.getByTestId("manage-logo-submit").click();
  await expect(page.getByTestId("manage-done")).toContainText("Logo guardado");
  await expect(page.getByTestId("manage-logo")).toBeVisible();
  await expect(page.getByTestId("manage-logo-submit")).toHaveText("Cambiar logo");
  await noSidewaysScroll(page);

  // A file that is not an image is refused, with the reason beside the field.
  await page
    .getByTestId("manage-logo-file")
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from("no soy una imagen") });
  await page.getByTestId("manage-logo-submit").click();
  await expect(page.getByTestId("manage-error-logo")).toContainText("PNG, JPEG o WebP");

  // The public page and the tournament page show it.
  await page.goto("/organizations/otra-liga");
  await expect(page.getByTestId("organization-logo")).toBeVisible();
  expect(await page.getByTestId("organization-logo").evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(256);
  await page.goto("/tournament?id=otra-copa");
  await expect(page.getByTestId("organized-by-logo")).toBeVisible();
  await expect(page.getByTestId("organized-by")).toContainText("Organizado por Otra Liga");

  // An invitation link for an admin, copied from the page.
  await page.goto(MANAGE);
  await page.getByTestId("manage-invite-role").selectOption("admin");
  await page.getByTestId("manage-invite-create").click();
  await expect(page.getByTestId("manage-done")).toContainText("Enlace creado");
  const link = await page.getByTestId("manage-invite-link").inputValue();
  expect(link).toMatch(/\/organizations\/join\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId("manage-invite")).toContainText("Administrador");
  await noSidewaysScroll(page);
  const joinPath = new URL(link).pathname;

  // Someone not signed in opens it: sent to sign in, then back to the invitation.
  const invited = await personAt(browser, arena);
  await invited.goto(joinPath);
  await expect(invited).toHaveURL((url) => url.pathname === "/auth" && url.searchParams.get("redirectTo") === joinPath);
  await signIn(invited, arena, "vetado@example.com", joinPath);
  await expect(invited.getByRole("heading", { level: 1 })).toHaveText("Te invitan a Otra Liga");
  await expect(invited.getByTestId("org-join-role")).toHaveText("Entrarás con el rol de Administrador.");
  await expect(invited.getByTestId("org-join-logo")).toBeVisible();
  await noSidewaysScroll(invited);
  await invited.getByTestId("org-join-accept").click();
  await expect(invited.getByTestId("org-join-done")).toContainText("Ya eres parte de Otra Liga (Administrador)");
  await invited.getByTestId("org-join-go").click();
  await expect(invited).toHaveURL((url) => url.pathname === MANAGE);
  await expect(invited.getByTestId("organization-manage")).toContainText("Administrador");
  // An admin may create tournaments, not change roles.
  await expect(invited.getByTestId("manage-new-tournament")).toBeVisible();
  await expect(invited.getByTestId("manage-remove-member")).toHaveCount(0);

  // The link worked once: opening it again says so.
  await invited.goto(joinPath);
  await expect(invited.getByTestId("org-join-state")).toContainText("ya se usó");
  await invited.context().close();

  // The owner sees the new member, and the link is no longer open.
  await page.goto(MANAGE);
  await expect(page.getByTestId("manage-member").filter({ hasText: "vetado@example.com" })).toContainText("Administrador");
  await expect(page.getByTestId("manage-invite")).toHaveCount(0);
});

test("in English: a revoked invitation link says it was revoked", async ({ page, browser, arena }) => {
  test.setTimeout(120_000);
  await signInOnce(page, arena, "otra-org@example.com", MANAGE, { language: "en" });
  await page.getByTestId("manage-invite-create").click();
  await expect(page.getByTestId("manage-done")).toHaveText("Link created.");
  const joinPath = new URL(await page.getByTestId("manage-invite-link").inputValue()).pathname;
  await expect(page.getByTestId("manage-invite")).toContainText("Staff");
  await page.getByTestId("manage-invite-revoke").click();
  await expect(page.getByTestId("manage-done")).toHaveText("Link revoked.");
  await expect(page.getByTestId("manage-invite")).toHaveCount(0);

  const invited = await personAt(browser, arena, { locale: "en-US" });
  await signIn(invited, arena, "liga-plus@example.com", joinPath, { language: "en" });
  await expect(invited.getByRole("heading", { level: 1 })).toHaveText("You are invited to Otra Liga");
  await expect(invited.getByTestId("org-join-state")).toHaveText("This invitation link was revoked by the organization.");
  await expect(invited.getByTestId("org-join-accept")).toHaveCount(0);
  await noSidewaysScroll(invited);
  await invited.context().close();
});

test("platform staff set the pools' commission and revoke the organization's right to run tournaments, then give it back; the audit log tells it", async ({
  page,
  browser,
  arena,
}) => {
  test.setTimeout(180_000);
  await signIn(page, arena, "org-staff@example.com", "/admin/organizations");
  await expect(page.getByTestId("admin-commission-percent")).toHaveValue("10");
  await page.getByTestId("admin-commission-percent").fill("60");
  await page.getByTestId("admin-commission-save").click();
  await expect(page.getByTestId("admin-error")).toContainText("entre 0 y 50");
  await page.getByTestId("admin-commission-percent").fill("12");
  await page.getByTestId("admin-commission-save").click();
  await expect(page.getByText("Comisión guardada.")).toBeVisible();
  await expect(page.getByTestId("admin-commission-percent")).toHaveValue("12");

  const otra = page.getByTestId("admin-organization").filter({ hasText: "Otra Liga" });
  await otra.getByText("Revocar permiso de organizar").click();
  await otra.getByTestId("admin-revoke-reason").fill("Premios sin pagar");
  await noSidewaysScroll(page);
  await otra.getByTestId("admin-revoke").click();
  await expect(page.getByTestId("admin-organization-revoked")).toContainText("Motivo: Premios sin pagar");

  // The owner keeps the page, is told why, and reaches no tournament tool.
  const owner = await personAt(browser, arena);
  await signInOnce(owner, arena, "otra-org@example.com", MANAGE);
  await expect(owner.getByTestId("organization-revoked")).toContainText("Premios sin pagar");
  await expect(owner.getByTestId("manage-new-tournament")).toHaveCount(0);
  await expect(owner.getByTestId("manage-tournament-run")).toHaveCount(0);
  await noSidewaysScroll(owner);
  for (const path of [`${MANAGE}/tournaments/new`, `${MANAGE}/tournaments/otra-copa`, `${MANAGE}/tournaments/otra-copa/run`]) {
    const response = await owner.goto(path);
    expect(response?.status(), path).toBe(404);
  }

  // Given back: the tools are there again.
  await page.getByTestId("admin-reinstate").click();
  await expect(page.getByTestId("admin-organization-revoked")).toHaveCount(0);
  await owner.goto(MANAGE);
  await expect(owner.getByTestId("manage-new-tournament")).toBeVisible();
  expect((await owner.goto(`${MANAGE}/tournaments/otra-copa/run`))?.status()).toBe(200);
  await owner.context().close();

  // The audit log reads as sentences, the organization linked to its page.
  await page.goto("/admin/audit?entity=organization");
  await expect(page.getByTestId("admin-audit")).toContainText("org-staff@example.com revocó el permiso de organizar torneos a Otra Liga");
  await expect(page.getByTestId("admin-audit")).toContainText("org-staff@example.com devolvió el permiso de organizar torneos a Otra Liga");
  await expect(page.getByTestId("admin-audit")).toContainText("otra-org@example.com creó un enlace de invitación a Otra Liga");
  await expect(page.getByTestId("audit-target").filter({ hasText: "Otra Liga" }).first()).toHaveAttribute("href", MANAGE);
  await page.goto("/admin/audit?action=prize_pool.commission_set");
  await expect(page.getByTestId("admin-audit")).toContainText("org-staff@example.com fijó la comisión de los pozos de premios en 12 %");
  await noSidewaysScroll(page);
});
