import { VENEZUELAN_BANKS } from "~/domain/payment-methods";

/** The options of a bank select: every Venezuelan bank, "0102 · Banco de Venezuela". */
export function BankOptions() {
  return (
    <>
      {Object.entries(VENEZUELAN_BANKS).map(([code, name]) => (
        <option key={code} value={code}>
          {code} · {name}
        </option>
      ))}
    </>
  );
}
