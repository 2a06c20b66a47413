// The shape of what seed-orders.ts creates (shared by the seeding script and the tests).

export type SeedPaymentMethod = "pago_movil" | "binance" | "paypal";

export interface OrderSeedPlan {
  users: Array<{
    key: string;
    email: string;
    name: string;
    age?: number;
    /** The language of the user's mails ("es" unless told). */
    language?: "es" | "en";
    isStaff?: boolean;
  }>;
  orders: Array<{
    key: string;
    owner: string;
    method: SeedPaymentMethod;
    /** "store" unless told: a store order goes on to /store after its proof, a tournament one to /. */
    kind?: "store" | "tournament";
    label?: string;
    /** Already paid and approved by staff (a tournament order's place then confirmed). */
    approved?: boolean;
  }>;
}

export interface SeededOrders {
  users: Record<string, string>;
  orders: Record<string, { id: string; number: number }>;
}
