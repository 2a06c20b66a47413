import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Link, type LinkProps } from "react-router";

/** The looks a button or a button-like link can have; one place for their classes. */
const VARIANTS = {
  /** The page's main action: the cyan → purple gradient. */
  primary: "bg-gradient-to-r from-cyan-500 to-purple-500 font-semibold text-slate-950 hover:brightness-110",
  /** A second, quieter action. */
  secondary: "border border-slate-500 font-semibold text-slate-100 hover:bg-slate-800",
  /** Cancelling, rejecting, removing. */
  danger: "border border-rose-500/60 font-semibold text-rose-200 hover:bg-rose-500/10",
  /** A plain text link that looks like one. */
  link: "font-semibold text-cyan-400 underline underline-offset-2 hover:text-cyan-300",
} as const;

const SIZES = { md: "rounded-lg px-5 py-3", sm: "rounded-md px-3 py-1.5 text-sm", none: "" } as const;

export type ButtonVariant = keyof typeof VARIANTS;

export function buttonClass(
  variant: ButtonVariant = "primary",
  size: keyof typeof SIZES = variant === "link" ? "none" : "md",
  extra = "",
): string {
  // `extra` adds placement (margins, width) and may set its own display.
  const display = /(^|\s)(block|flex|inline-block|grid|hidden)(\s|$)/.test(extra) ? "" : "inline-flex";
  return `${display} items-center justify-center gap-2 text-center disabled:cursor-not-allowed disabled:opacity-60 ${VARIANTS[variant]} ${SIZES[size]} ${extra}`
    .replace(/\s+/g, " ")
    .trim();
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: keyof typeof SIZES; children: ReactNode };

export function Button({ variant = "primary", size, className = "", type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}

type ButtonLinkProps = LinkProps & { variant?: ButtonVariant; size?: keyof typeof SIZES };

/** A link that looks like a button (navigation, not an action). */
export function ButtonLink({ variant = "primary", size, className = "", ...props }: ButtonLinkProps) {
  return <Link className={buttonClass(variant, size, typeof className === "string" ? className : "")} {...props} />;
}
