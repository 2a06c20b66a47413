import type { ReactNode } from "react";

const LOGO_SIZES = {
  small: { pixels: 56, className: "h-14 w-14 shrink-0 rounded-xl", gap: "gap-3" },
  medium: { pixels: 64, className: "h-16 w-16 shrink-0 rounded-xl", gap: "gap-4" },
  large: { pixels: 80, className: "h-20 w-20 shrink-0 rounded-2xl", gap: "gap-4" },
} as const;

/** An organization's page title with its logo, when it has one, beside it (public page, manage page, invite). */
export function OrganizationHeading(props: {
  logoUrl: string | null;
  logoAlt?: string;
  logoTestId: string;
  size: keyof typeof LOGO_SIZES;
  children: ReactNode;
}) {
  const size = LOGO_SIZES[props.size];
  return (
    <div className={`flex items-center ${size.gap}`}>
      {props.logoUrl ? (
        <img
          src={props.logoUrl}
          alt={props.logoAlt ?? ""}
          width={size.pixels}
          height={size.pixels}
          className={size.className}
          data-testid={props.logoTestId}
        />
      ) : null}
      <h1 className="min-w-0 text-3xl font-extrabold break-words">{props.children}</h1>
    </div>
  );
}
