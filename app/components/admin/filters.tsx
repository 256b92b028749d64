/**
 * The filter forms above the back office's lists: a GET form, so a filtered list has its own
 * address and works without JavaScript, of labelled inputs and drop-downs, with Filter and (once
 * something is filtered) Clear.
 */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { Form } from 'react-router';
import { Button, LinkButton } from './buttons';

const CONTROL = 'mt-1 block rounded border border-stone-300 px-2 py-1.5 text-sm';
/** The control's look in a row of fields and buttons aligned at their foot (the catalogue's bulk forms). */
export const ROW_CONTROL = 'rounded border border-stone-300 px-2 py-1.5 text-sm block';

/** `shortcuts`: links to a filter used often, after Clear. */
export function FilterForm({ filtered, shortcuts, children }: { filtered: boolean; shortcuts?: ReactNode; children: ReactNode }) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2">
      {children}
      <Button type="submit">Filter</Button>
      {filtered && <LinkButton to="?">Clear</LinkButton>}
      {shortcuts}
    </Form>
  );
}

/** `className` replaces the control's look (a drop-down outside a filter bar). */
export function FilterInput({ label, className = CONTROL, ...input }: { label: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="text-sm">
      {label}
      <input {...input} className={className} />
    </label>
  );
}

/**
 * A drop-down of `[value, label]` choices after a first, empty one (`all`: no filter); `children`
 * add choices after them.
 */
export function FilterSelect({
  label,
  all = 'all',
  choices,
  className = CONTROL,
  children,
  ...select
}: { label: ReactNode; all?: string; choices: readonly (readonly [value: string | number, label: string])[]; className?: string; children?: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <label className="text-sm">
      {label}
      <select {...select} className={className}>
        <option value="">{all}</option>
        {choices.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
        {children}
      </select>
    </label>
  );
}
