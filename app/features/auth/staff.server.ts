import { data } from "react-router";
import { requireUser, type CurrentUser } from "./session.server";

/** For back-office loaders and actions: visitors sign in first; signed-in non-staff get a 404. */
export async function requireStaff(request: Request): Promise<CurrentUser> {
  const user = await requireUser(request);
  // 404, not 403: the back-office does not exist for anyone else.
  if (!user.isStaff) throw data(null, { status: 404 });
  return user;
}
