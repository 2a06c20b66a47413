import type { ButtonHTMLAttributes, ReactNode } from "react";
import { buttonClass, type ButtonVariant } from "./button";

type IntentButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "className"> & {
  /** The action's name, posted as `intent` (the route's action switches on it). */
  intent: string;
  /** Hidden fields posted with it (e.g. the member the action is about). */
  fields?: Record<string, string>;
  variant?: ButtonVariant;
  size?: "md" | "sm";
  /** Placement of the form (margins). */
  className?: string;
  children: ReactNode;
};

/**
 * One action as one button: a plain form that posts its intent and hidden fields to the page's own
 * action, so it works the same without JavaScript (pages served without React, decision 002).
 */
export function IntentButton({
  intent,
  fields = {},
  variant = "secondary",
  size = "sm",
  className,
  children,
  ...button
}: IntentButtonProps) {
  return (
    <form method="post" className={className}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={buttonClass(variant, size)} {...button}>
        {children}
      </button>
    </form>
  );
}
