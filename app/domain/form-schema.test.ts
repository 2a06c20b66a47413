import { describe, expect, it } from "vitest";
import { z } from "zod";
import { always, fieldErrorsOf, parseWith, refuse, refusedFields, typedText } from "./form-schema";

const schema = z
  .object({
    name: z.preprocess(typedText, z.string().min(2, { error: "NAME_SHORT" }).max(5, { error: "NAME_LONG" })),
    age: z.preprocess(
      typedText,
      z.string().transform((value, ctx) => (/^\d+$/.test(value) ? Number(value) : refuse(ctx, "AGE_INVALID"))),
    ),
    min: z.preprocess(typedText, z.string().transform(Number)),
  })
  .superRefine(
    (form, ctx) => {
      if (!refusedFields(ctx).has("age") && form.age < form.min) ctx.addIssue({ code: "custom", message: "AGE_BELOW_MIN", path: ["age"] });
    },
    { when: always },
  );

describe("parseWith", () => {
  it("answers the data when every field is right", () => {
    expect(parseWith(schema, { name: " Ana ", age: "30", min: "18" }, ["name", "age"])).toEqual({
      ok: true,
      data: { name: "Ana", age: 30, min: 18 },
    });
  });

  it("answers every wrong field at once, the code and field of the first one in the form's order", () => {
    expect(parseWith(schema, { name: "A", age: "x" }, ["name", "age"])).toEqual({
      ok: false,
      errors: { name: "NAME_SHORT", age: "AGE_INVALID" },
      code: "NAME_SHORT",
      field: "name",
    });
    // The order given decides, not the schema's.
    expect(parseWith(schema, { name: "A", age: "x" }, ["age", "name"])).toMatchObject({ code: "AGE_INVALID", field: "age" });
  });

  it("runs a rule between fields beside other fields' errors, and skips it when a field it reads is wrong", () => {
    expect(parseWith(schema, { name: "Abcdefg", age: "10", min: "18" }, ["name", "age"])).toMatchObject({
      errors: { name: "NAME_LONG", age: "AGE_BELOW_MIN" },
    });
    expect(parseWith(schema, { name: "Ana", age: "", min: "18" }, ["name", "age"])).toMatchObject({
      errors: { age: "AGE_INVALID" },
      code: "AGE_INVALID",
    });
  });

  it("names a field outside the order when no listed field is wrong", () => {
    expect(parseWith(schema, { name: "Ana", age: "20", min: "18" }, [])).toEqual({ ok: true, data: { name: "Ana", age: 20, min: 18 } });
    expect(parseWith(schema, { name: "A", age: "20" }, ["age"])).toMatchObject({ code: "NAME_SHORT", field: "name" });
  });
});

describe("fieldErrorsOf", () => {
  it("keeps each field's first error; an issue without a path is the whole form's", () => {
    const result = z
      .object({ name: z.string().min(3, { error: "FIRST" }).startsWith("x", { error: "SECOND" }) })
      .refine(() => false, { error: "FORM" })
      .safeParse({ name: "ab" });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrorsOf(result.error)).toEqual({ name: "FIRST", form: "FORM" });
    const whole = z
      .string()
      .refine(() => false, { error: "FORM" })
      .safeParse("a");
    if (!whole.success) expect(fieldErrorsOf(whole.error)).toEqual({ form: "FORM" });
  });
});
