import sharp from "sharp";
import { PHONE, noSidewaysScroll, personAt } from "./support/phone";
import { expect, serverFixture, signIn, test as base, type AppServer } from "./support/server-fixture";

// An organization's logo and invitation links (docs/organizations.md "Logo", "Invitation links"), on
// the data of seed-organizations.ts: "Otra Liga" (owner otra-org@example.com) and its published cup,
// and two people who are not in it. Everything at phone width.

const test = base.extend<{ arena: AppServer }>({
  arena: serverFixture({ prepare: ["tests/e2e/support/seed-organizations.ts"] }),
  baseURL: async ({ arena }, use) => use(arena.url),
});

// One worker runs both in order, on one server.
test.describe.configure({ mode: "default" });

test.use({ viewport: PHONE });

const MANAGE = "/organizations/otra-liga/manage";

test("the owner uploads a logo, makes an invitation link for an admin, and another person signs in from it and joins", async ({
  page,
  browser,
  arena,
}) => {
  test.setTimeout(180_000);
  await signIn(page, arena, "otra-org@example.com", MANAGE);

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
  await signIn(page, arena, "otra-org@example.com", MANAGE, { language: "en" });
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
