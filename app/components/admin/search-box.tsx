/** A list's search: a GET form, so the term goes to `?search=` and the list is rendered on the server. */
import { Form } from 'react-router';
import { useControlClass } from '../form/field';
import { Button, LinkButton } from './buttons';

export function SearchBox({ placeholder, defaultValue, label = 'Search' }: { placeholder: string; defaultValue: string; label?: string }) {
  return (
    <Form method="get" className="flex gap-2" role="search">
      <input type="search" name="search" defaultValue={defaultValue} placeholder={placeholder} aria-label={label} className={`${useControlClass()} mt-0 max-w-md`} />
      <Button type="submit">{label}</Button>
      {defaultValue && <LinkButton to="?">Clear</LinkButton>}
    </Form>
  );
}
