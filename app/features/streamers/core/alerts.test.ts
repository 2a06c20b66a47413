import { describe, expect, it } from "vitest";
import { donationAlert, isAlertKey } from "./alerts";

describe("donation alerts", () => {
  it("name the donor only when they agreed to appear, with the amount in the streamer's language", () => {
    const donation = { handle: "ana", public: true, amount: 500, currency: "USD" as const, message: "¡Vamos!" };
    expect(donationAlert(donation, "es")).toEqual({ who: "@ana", amount: "$5,00", message: "¡Vamos!" });
    expect(donationAlert(donation, "en")).toMatchObject({ amount: "$5.00" });
    expect(donationAlert({ ...donation, public: false }, "es").who).toBeNull();
    expect(donationAlert({ ...donation, handle: null }, "es").who).toBeNull();
    expect(donationAlert({ ...donation, currency: "VES", amount: 12_345 }, "es").amount).toBe("Bs. 123,45");
  });

  it("accept only keys of the form the server makes", () => {
    expect(isAlertKey("a".repeat(32))).toBe(true);
    expect(isAlertKey("Ab0_-".repeat(6) + "zz")).toBe(true);
    expect(isAlertKey("a".repeat(31))).toBe(false);
    expect(isAlertKey("a".repeat(31) + "/")).toBe(false);
    expect(isAlertKey(null)).toBe(false);
  });
});
