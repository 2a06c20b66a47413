/** Where uploaded team logos are served (routes/team-logo.ts); the stored `teams.logo_url` starts with it. */
export const TEAM_LOGO_PATH = "/media/teams/";

/**
 * Whether a team's logo is one we stored (shown as an image). Anything else, an old https link included,
 * shows the tag badge: our CSP serves only our own images.
 */
export function isUploadedLogo(logoUrl: string | null | undefined): logoUrl is string {
  return typeof logoUrl === "string" && logoUrl.startsWith(TEAM_LOGO_PATH) && /^[\w.-]+$/.test(logoUrl.slice(TEAM_LOGO_PATH.length));
}
