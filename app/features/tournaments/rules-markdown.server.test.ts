import { describe, expect, it } from "vitest";
import { renderRules } from "./rules-markdown.server";

describe("renderRules", () => {
  it("renders Markdown and neutralises HTML and unsafe links", () => {
    const html = renderRules(
      "# Reglas\n\n- Sin trampas <script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>",
    );
    expect(html).toContain("<h1>Reglas</h1>");
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("<img");
  });
});
