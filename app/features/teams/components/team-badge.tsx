import { isUploadedLogo } from "../core/logo";

/** A team's mark: its uploaded logo, else its tag on the gradient square. Decorative: the team's name is always beside it. */
export function TeamBadge({ tag, logoUrl, size = "sm" }: { tag: string; logoUrl: string | null | undefined; size?: "sm" | "lg" }) {
  const box = size === "lg" ? "size-14 rounded-xl text-lg" : "size-8 rounded-md text-[10px]";
  if (isUploadedLogo(logoUrl))
    return (
      <img
        src={logoUrl}
        alt=""
        width={size === "lg" ? 56 : 32}
        height={size === "lg" ? 56 : 32}
        className={`${box} shrink-0 object-cover`}
        data-testid="team-logo"
      />
    );
  return (
    <span
      aria-hidden="true"
      className={`${box} inline-flex shrink-0 items-center justify-center bg-gradient-to-br from-cyan-500/30 to-purple-600/40 font-extrabold`}
      data-testid="team-tag-badge"
    >
      {tag}
    </span>
  );
}
