import type { ReactNode } from "react";
import { Field } from "~/components/ui/field";

/**
 * One delivery channel on the notice settings page: its on/off box, its address field (the
 * child) and, when the platform has the channel switched off, a note saying so.
 */
export function ChannelFieldset(props: {
  legend: string;
  toggle: { name: string; checked: boolean; testId: string; label: string };
  field: { label: string; hint: string; error?: string };
  offNote: ReactNode;
  children: ReactNode;
}) {
  const { toggle, field } = props;
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-slate-700 p-4">
      <legend className="px-1 font-bold">{props.legend}</legend>
      <label className="flex items-center gap-3 text-sm font-semibold">
        <input type="checkbox" name={toggle.name} defaultChecked={toggle.checked} className="size-5" data-testid={toggle.testId} />
        {toggle.label}
      </label>
      <Field label={field.label} hint={field.hint} error={field.error}>
        {props.children}
      </Field>
      {props.offNote}
    </fieldset>
  );
}
