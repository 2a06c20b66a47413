/** The signed-in person as every page sees them. */
export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  isStaff: boolean;
}

/**
 * The user of the request's session, or null for a visitor. Sessions arrive with the
 * accounts feature (better-auth); until then every request is a visitor's.
 */
export async function getCurrentUser(_request: Request): Promise<CurrentUser | null> {
  return null;
}
