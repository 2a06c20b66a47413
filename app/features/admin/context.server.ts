import { languageFromCookieHeader } from "~/domain/language";
import { requireStaff } from "~/features/auth/session.server";
import { loadMessages } from "~/lib/messages.server";

/**
 * What every back-office loader and action starts with: the staff member (visitors and
 * signed-in non-staff get a 404), the request's language and the admin texts.
 */
export async function staffContext(request: Request) {
  const staff = await requireStaff(request);
  const language = languageFromCookieHeader(request.headers.get("Cookie"));
  return { staff, language, messages: loadMessages(language, ["admin"]) };
}
