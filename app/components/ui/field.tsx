import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

const controlClass =
  "w-full rounded-lg border border-slate-500 bg-slate-900 text-slate-100 focus:border-cyan-400 aria-[invalid=true]:border-rose-400";
/** The one look of text inputs, selects and text areas. */
export const inputClass = `${controlClass} px-4 py-3`;
/** The back office's denser look of the same controls. */
export const compactInputClass = `${controlClass} px-3 py-2 text-sm`;
/** The back office's field labels. */
export const compactLabelClass = "flex flex-col gap-1 text-xs font-semibold text-slate-300";

/**
 * A labelled control with an optional hint and error text, linked for screen readers. The control
 * is the child (an <Input>, <Select>, <TextArea> or anything else); with `errorId`, the error text
 * carries that id for the control's aria-describedby.
 */
export function Field(props: {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  errorId?: string;
  compact?: boolean;
  children: ReactNode;
  className?: string;
}) {
  const labelClass = props.compact ? compactLabelClass : "flex flex-col gap-1.5 text-sm font-semibold";
  return (
    <label className={`${labelClass} ${props.className ?? ""}`}>
      {props.label}
      {props.children}
      {props.hint ? <span className="text-xs font-normal text-slate-400">{props.hint}</span> : null}
      {props.error ? (
        <span role="alert" id={props.errorId} className="text-xs font-normal text-rose-300">
          {props.error}
        </span>
      ) : null}
    </label>
  );
}

/** `compact`: the back office's denser look. */
type Look = { compact?: boolean };
const lookOf = (compact: boolean | undefined, className: string) => `${compact ? compactInputClass : inputClass} ${className}`.trim();

export function Input({ className = "", compact, ...props }: InputHTMLAttributes<HTMLInputElement> & Look) {
  return <input className={lookOf(compact, className)} {...props} />;
}

export function Select({ className = "", compact, ...props }: SelectHTMLAttributes<HTMLSelectElement> & Look) {
  return <select className={lookOf(compact, className)} {...props} />;
}

export function TextArea({ className = "", compact, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & Look) {
  return <textarea className={lookOf(compact, className)} {...props} />;
}

/** The payer's phone (pago móvil and the like): field name, phone keypad and autofill are the same everywhere. */
export function PhoneInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "type">) {
  return <Input name="phone" type="tel" inputMode="numeric" autoComplete="tel" {...props} />;
}
