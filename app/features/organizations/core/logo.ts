/** Where uploaded organization logos are served (routes/organization-logo.ts); `organizations.logo_url` starts with it. */
export const ORG_LOGO_PATH = "/media/organizations/";

/** Whether a stored path is a logo we keep (shown as an image; our CSP serves only our own images). */
export function isOrgLogo(logoUrl: string | null | undefined): logoUrl is string {
  return typeof logoUrl === "string" && logoUrl.startsWith(ORG_LOGO_PATH) && /^[\w.-]+$/.test(logoUrl.slice(ORG_LOGO_PATH.length));
}

/** What every organization page shows of it: names, text, links, whether it is banned, and its logo when it is ours. */
export function organizationShown(organization: {
  slug: string;
  name: string;
  description: string;
  links: string[];
  bannedAt: Date | null;
  logoUrl: string | null;
}) {
  return {
    slug: organization.slug,
    name: organization.name,
    description: organization.description,
    links: organization.links,
    banned: organization.bannedAt !== null,
    logoUrl: isOrgLogo(organization.logoUrl) ? organization.logoUrl : null,
  };
}
