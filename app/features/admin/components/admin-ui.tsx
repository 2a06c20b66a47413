import { buttonClass } from "~/components/ui/button";
import { Field, Input, compactInputClass, compactLabelClass } from "~/components/ui/field";
import { Link } from "react-router";
import type { InputHTMLAttributes, ReactNode } from "react";
import { useTranslation } from "~/lib/i18n-react";

/** Shared look of back-office forms and tables (phone first: fields take the full width). */
export const fieldClass = compactInputClass;
export const labelClass = compactLabelClass;
// The back-office's buttons are the app's buttons, a size smaller.
export const primaryButton = buttonClass("primary", "sm");
export const secondaryButton = buttonClass("secondary", "sm");
export const cardClass = "rounded-xl border border-slate-800 bg-slate-900/40 p-4 sm:p-5";
export const tableClass = "w-full text-left text-sm";
export const thClass = "px-3 py-2 text-xs uppercase tracking-wide text-slate-400";
export const tdClass = "px-3 py-2 align-top";

/**
 * A staff table that stacks on a phone (docs/accessibility.md): below 640 px each row is a card and each cell a line
 * headed by its column's name (the cell's `data-label`), so no column is hidden or scrolled away.
 * Put `stackTable` on the table, `stackHead` on its thead, `stackRow` on each body row and
 * `stackCell` (with `data-label`) on each cell.
 */
export const stackTable = "max-sm:block max-sm:min-w-0 max-sm:[&>tbody]:block";
export const stackHead = "max-sm:sr-only";
export const stackRow = "max-sm:block max-sm:py-2";
export const stackCell =
  "max-sm:block max-sm:py-1 max-sm:before:block max-sm:before:text-xs max-sm:before:uppercase max-sm:before:tracking-wide max-sm:before:text-slate-400 max-sm:before:content-[attr(data-label)]";

export function PageTitle({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <header className="mb-6">
      <h1 className="text-2xl font-extrabold sm:text-3xl">{title}</h1>
      {subtitle ? <p className="mt-1 text-slate-400">{subtitle}</p> : null}
    </header>
  );
}

/** A back-office control under its label (the control is the child: an <AdminInput>, a <select>, a <textarea>…). */
export function AdminField({ label, className, children }: { label: ReactNode; className?: string; children: ReactNode }) {
  return (
    <label className={className ? `${labelClass} ${className}` : labelClass}>
      {label}
      {children}
    </label>
  );
}

/** A back-office text input; `className` adds to the field's look. */
export function AdminInput({ className, ...input }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={className ? `${fieldClass} ${className}` : fieldClass} {...input} />;
}

/** The most common back-office field: a text input under its label. */
export function LabeledInput({
  label,
  fieldClassName,
  ...input
}: { label: ReactNode; fieldClassName?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <AdminField label={label} className={fieldClassName}>
      <AdminInput {...input} />
    </AdminField>
  );
}

/**
 * A back-office text input under its label (the shared Field), marked when the last answer refused it:
 * `errors` is each refused field's code (fieldErrorsOfAnswer), `errorPrefix` keeps the ids unique when
 * a page holds several forms.
 */
export function CheckedInput({
  label,
  name,
  errors,
  errorPrefix,
  className,
  ...input
}: { label: ReactNode; name: string; errors: Record<string, string>; errorPrefix: string } & InputHTMLAttributes<HTMLInputElement>) {
  const { t } = useTranslation("admin");
  const errorId = `${errorPrefix}-error-${name}`;
  const code = errors[name];
  return (
    <Field
      compact
      label={label}
      className={className}
      errorId={errorId}
      error={code ? <span data-testid={errorId}>{t(`errors.${code}`, { max: 300, defaultValue: t("errors.UNKNOWN") })}</span> : undefined}
    >
      <Input compact name={name} {...input} {...(code ? { "aria-invalid": true, "aria-describedby": errorId } : {})} />
    </Field>
  );
}

/** An action's outcome above the page's forms: `done` as a status, `error` as an alert (both already translated). */
export function ActionNotice({ done, error }: { done?: ReactNode; error?: ReactNode }) {
  if (error)
    return (
      <p role="alert" className="mb-4 rounded-lg border border-rose-500/50 bg-rose-500/10 p-3 text-rose-100" data-testid="admin-error">
        {error}
      </p>
    );
  if (!done) return null;
  return (
    <p
      role="status"
      className="mb-4 rounded-lg border border-emerald-500/50 bg-emerald-500/10 p-3 text-emerald-100"
      data-testid="admin-done"
    >
      {done}
    </p>
  );
}

/** An action's answer: `{ok:false, code}` is shown as the translated `errors.<code>`, `{ok:true}` as `done`. */
export function AnswerNotice({ answer, done }: { answer: { ok: boolean; code?: string } | undefined; done?: string }) {
  const { t } = useTranslation("admin");
  if (!answer) return null;
  if (answer.ok) return <ActionNotice done={done} />;
  return <ActionNotice error={t(`errors.${answer.code}`, { max: 300, defaultValue: t("errors.UNKNOWN") })} />;
}

/** A column of checkboxes, each with its label after it. */
export function CheckboxList({ boxes }: { boxes: Array<{ name: string; label: ReactNode; checked: boolean }> }) {
  return (
    <div className="flex flex-col gap-1 text-sm">
      {boxes.map((box) => (
        <label key={box.name} className="flex items-center gap-2">
          <input type="checkbox" name={box.name} defaultChecked={box.checked} />
          {box.label}
        </label>
      ))}
    </div>
  );
}

/** What a staff list says when it has no rows. */
export function EmptyNote({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className="rounded-lg border border-slate-800 p-6 text-slate-400" data-testid={testId}>
      {children}
    </p>
  );
}

/** A staff table's header row, one heading a column (a node: an sr-only heading for a column of buttons). */
export function TableHead({ columns, className }: { columns: ReactNode[]; className?: string }) {
  return (
    <thead className={className ? `bg-slate-900/80 ${className}` : "bg-slate-900/80"}>
      <tr>
        {columns.map((column, index) => (
          <th key={index} scope="col" className={thClass}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A table that scrolls inside its box on a phone, never the page. */
export function TableBox({ children }: { children: ReactNode }) {
  // `relative`: the sr-only labels in header cells are absolutely positioned; without it they escape the scroll box and widen the page.
  return <div className="relative overflow-x-auto rounded-lg border border-slate-800">{children}</div>;
}

/** Previous / next links of a paged list; `pageHref(n)` is the address of page n. */
export function Pager({ page, hasNext, pageHref }: { page: number; hasNext: boolean; pageHref: (page: number) => string }) {
  const { t } = useTranslation("admin");
  return (
    <nav aria-label={t("queue.pagination")} className="mt-6 flex gap-3">
      {page > 1 ? (
        <Link to={pageHref(page - 1)} className={secondaryButton}>
          {t("queue.previous")}
        </Link>
      ) : null}
      {hasNext ? (
        <Link to={pageHref(page + 1)} className={secondaryButton}>
          {t("queue.next")}
        </Link>
      ) : null}
    </nav>
  );
}

/** Marks a Plus member in staff lists. */
export function PlusChip() {
  const { t } = useTranslation("admin");
  return (
    <span className="ml-2 rounded-full bg-purple-500/20 px-2 py-0.5 text-xs font-semibold text-purple-200" data-testid="plus-chip">
      {t("users.plusChip")}
    </span>
  );
}
