import { languageFromCookieHeader } from "~/domain/language";
import { requireStaff } from "~/features/auth/session.server";
import { loadMessages } from "~/lib/messages.server";

/**
 * What every back-office loader and action starts with: the staff member (visitors and
 * signed-in non-staff get a 404), the request's language and the admin texts, plus the other
 * namespaces a page shows (the browser has only what the loader sends: a missing one is raw keys
 * there and a hydration mismatch).
 */
export async function staffContext(request: Request, namespaces: readonly string[] = []) {
  const staff = await requireStaff(request);
  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  return { staff, language, messages: loadMessages(language, ["admin", ...namespaces]) };
}
