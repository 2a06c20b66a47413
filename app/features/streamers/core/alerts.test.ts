import { describe, expect, it } from "vitest";
import { decodeAlertPlace, donationAlert, encodeAlertPlace, isAlertKey, testAlert } from "./alerts";
import { encodeCursor } from "~/domain/page-cursor";

describe("donation alerts", () => {
  it("name the donor only when they agreed to appear, with the amount in the streamer's language", () => {
    const donation = { handle: "ana", public: true, amount: 500, currency: "USD" as const, message: "¡Vamos!" };
    expect(donationAlert(donation, "es")).toEqual({ who: "@ana", amount: "$5,00", message: "¡Vamos!" });
    expect(donationAlert(donation, "en")).toMatchObject({ amount: "$5.00" });
    expect(donationAlert({ ...donation, public: false }, "es").who).toBeNull();
    expect(donationAlert({ ...donation, handle: null }, "es").who).toBeNull();
    expect(donationAlert({ ...donation, currency: "VES", amount: 12_345 }, "es").amount).toBe("Bs. 123,45");
  });

  it("name a gift's items in the streamer's language", () => {
    const gift = { icon: "👑", nameEs: "Corona", nameEn: "Crown", quantity: 3 };
    const donation = { handle: "ana", public: true, amount: 6000, currency: "USD" as const, message: "", gift };
    expect(donationAlert(donation, "es")).toEqual({ who: "@ana", amount: "$60,00", message: "", gift: "👑 3 × Corona" });
    expect(donationAlert(donation, "en").gift).toBe("👑 3 × Crown");
    expect(donationAlert({ ...donation, gift: null }, "es")).not.toHaveProperty("gift");
  });

  it("accept only keys of the form the server makes", () => {
    expect(isAlertKey("a".repeat(32))).toBe(true);
    expect(isAlertKey("Ab0_-".repeat(6) + "zz")).toBe(true);
    expect(isAlertKey("a".repeat(31))).toBe(false);
    expect(isAlertKey("a".repeat(31) + "/")).toBe(false);
    expect(isAlertKey(null)).toBe(false);
  });
});

describe("the overlay's place in its feeds", () => {
  const donation = { at: "2026-11-21 21:40:01.123456+00", id: "d-1" };
  const test = { at: "2026-11-21 21:41:00+00", id: "t-1" };

  it("round-trips both cursors, either one missing", () => {
    for (const place of [
      { donation, test },
      { donation, test: null },
      { donation: null, test },
      { donation: null, test: null },
    ])
      expect(decodeAlertPlace(encodeAlertPlace(place))).toEqual(place);
  });

  it("reads an id of the older form as the donation cursor alone, and refuses anything else", () => {
    expect(decodeAlertPlace(encodeCursor(donation))).toEqual({ donation, test: undefined });
    expect(decodeAlertPlace("nope!")).toBeNull();
    expect(decodeAlertPlace("a.b.c")).toBeNull();
    expect(decodeAlertPlace(null)).toBeNull();
  });
});

describe("the test alert", () => {
  it("is a sample in the streamer's language, marked as a test, naming nobody", () => {
    expect(testAlert("es", "Alerta de prueba")).toEqual({ who: null, amount: "$5,00", message: "Alerta de prueba", test: true });
    expect(testAlert("en", "Test alert").amount).toBe("$5.00");
  });
});
