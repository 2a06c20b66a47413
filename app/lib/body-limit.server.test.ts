import { describe, expect, it } from "vitest";
import { CARD_IMAGE_MAX_BYTES } from "~/features/admin/card-images.server";
import { GAME_ART_MAX_BYTES } from "~/features/admin/game-art.server";
import { TEAM_LOGO_MAX_BYTES } from "~/features/teams/team-logos.server";
import { FORM_BODY_LIMIT, MULTIPART_MARGIN, bodyLimitFor } from "./body-limit.server";

describe("the table of request body limits", () => {
  it("gives the routes that take a file their file's limit plus the envelope, and every other request the form limit", () => {
    const receipt = 5 * 1024 * 1024 + MULTIPART_MARGIN;
    expect(bodyLimitFor("/orders/abc/proof", 5)).toEqual({ bytes: receipt, code: "FILE_TOO_LARGE", fileMb: 5 });
    expect(bodyLimitFor("/orders/abc/proof.data", 5).bytes).toBe(receipt);
    expect(bodyLimitFor("/tournaments/t1/matches/m1", 5).bytes).toBe(receipt);
    expect(bodyLimitFor("/orders/abc/proof", 0.5)).toMatchObject({ bytes: 512 * 1024 + MULTIPART_MARGIN, fileMb: 0.5 });
    expect(bodyLimitFor("/admin/catalogue", 5).bytes).toBe(GAME_ART_MAX_BYTES + MULTIPART_MARGIN);
    expect(bodyLimitFor("/admin/tournaments/new", 5).bytes).toBe(CARD_IMAGE_MAX_BYTES + MULTIPART_MARGIN);
    expect(bodyLimitFor("/admin/tournaments/t1", 5).bytes).toBe(CARD_IMAGE_MAX_BYTES + MULTIPART_MARGIN);
    expect(bodyLimitFor("/teams/t1", 5).bytes).toBe(TEAM_LOGO_MAX_BYTES + MULTIPART_MARGIN);
    expect(bodyLimitFor("/teams/join", 5).bytes).toBe(FORM_BODY_LIMIT);
    // An organization's management page takes its logo; its other pages do not.
    expect(bodyLimitFor("/organizations/liga/manage", 5).bytes).toBe(TEAM_LOGO_MAX_BYTES + MULTIPART_MARGIN);
    expect(bodyLimitFor("/organizations/liga/manage.data", 5).bytes).toBe(TEAM_LOGO_MAX_BYTES + MULTIPART_MARGIN);
    expect(bodyLimitFor("/organizations/liga", 5).bytes).toBe(FORM_BODY_LIMIT);
    expect(bodyLimitFor("/organizations/join/abc", 5).bytes).toBe(FORM_BODY_LIMIT);
    for (const path of [
      "/",
      "/auth",
      "/store/cart/checkout",
      "/plus",
      "/orders/abc/cancel",
      "/admin/tournaments/t1/registrations",
      "/api/auth/x",
      "/orders/abc/proof/x",
    ])
      expect(bodyLimitFor(path, 5)).toEqual({ bytes: FORM_BODY_LIMIT, code: "BODY_TOO_LARGE", fileMb: null });
  });
});
