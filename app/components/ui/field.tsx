import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

/** The one look of text inputs, selects and text areas. */
export const inputClass =
  "w-full rounded-lg border border-slate-500 bg-slate-900 px-4 py-3 text-slate-100 focus:border-cyan-400 aria-[invalid=true]:border-rose-400";

/**
 * A labelled control with an optional hint and error text, linked for screen readers. The control
 * is the child (an <Input>, <Select>, <TextArea> or anything else).
 */
export function Field(props: { label: ReactNode; hint?: ReactNode; error?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <label className={`flex flex-col gap-1.5 text-sm font-semibold ${props.className ?? ""}`}>
      {props.label}
      {props.children}
      {props.hint ? <span className="text-xs font-normal text-slate-400">{props.hint}</span> : null}
      {props.error ? (
        <span role="alert" className="text-xs font-normal text-rose-300">
          {props.error}
        </span>
      ) : null}
    </label>
  );
}

export function Input({ className = "", ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={`${inputClass} ${className}`.trim()} {...props} />;
}

export function Select({ className = "", ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={`${inputClass} ${className}`.trim()} {...props} />;
}

export function TextArea({ className = "", ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={`${inputClass} ${className}`.trim()} {...props} />;
}

/** The payer's phone (pago móvil and the like): field name, phone keypad and autofill are the same everywhere. */
export function PhoneInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "type">) {
  return <Input name="phone" type="tel" inputMode="numeric" autoComplete="tel" {...props} />;
}
