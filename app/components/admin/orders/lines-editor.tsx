/**
 * An order's lines at the desk: each product with its quantity (typed, or one up and down),
 * removed with a button, and the product search to add one. What is shown as a price is what the
 * screen last knew; the figures beside it are the server's.
 */
import type { FieldErrors } from '../../form/api';
import { FieldError } from '../../form/field';
import { Button } from '../buttons';
import { addLine, removeLine, setQuantity, type DeskLine } from './desk';
import { ProductSearch } from './product-search';

export function LinesEditor({ lines, onChange, errors, maxUnits }: { lines: DeskLine[]; onChange: (lines: DeskLine[]) => void; errors: FieldErrors; maxUnits?: number | undefined }) {
  return (
    <fieldset className="grid gap-2" data-testid="desk-lines">
      <legend className="sr-only">Products</legend>
      {lines.length === 0 ? (
        <p className="text-sm text-stone-600">No product yet.</p>
      ) : (
        <ul className="divide-y divide-stone-100 rounded border border-stone-200">
          {lines.map((l) => (
            <li key={l.product} className="flex flex-wrap items-center gap-2 p-2 text-sm" data-testid="desk-line" data-product-id={l.product}>
              <div className="min-w-0 flex-1 basis-40">
                <div className="truncate font-medium">{l.title}</div>
                <div className="text-xs text-stone-600">
                  {l.price !== null && `৳ ${l.price} each`}
                  {l.stock !== null && ` · ${l.stock} in stock`}
                  {l.stock !== null && l.quantity > l.stock && <span className="font-semibold text-red-700"> · more than in stock</span>}
                </div>
              </div>
              <div className="flex items-center gap-1">
                <Button size="sm" kind="secondary" aria-label={`One fewer ${l.title}`} disabled={l.quantity <= 1} onClick={() => onChange(setQuantity(lines, l.product, String(l.quantity - 1)))}>
                  −
                </Button>
                <input
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={maxUnits || undefined}
                  step={1}
                  value={l.quantity}
                  aria-label={`Quantity of ${l.title}`}
                  className="w-16 rounded border border-stone-300 px-2 py-1 text-right text-sm"
                  data-testid="desk-line-quantity"
                  onChange={(e) => onChange(setQuantity(lines, l.product, e.currentTarget.value))}
                />
                <Button size="sm" kind="secondary" aria-label={`One more ${l.title}`} onClick={() => onChange(setQuantity(lines, l.product, String(l.quantity + 1)))}>
                  +
                </Button>
              </div>
              <Button size="sm" kind="danger" onClick={() => onChange(removeLine(lines, l.product))} aria-label={`Remove ${l.title}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <FieldError errors={errors} name="lines" />
      <ProductSearch onAdd={(line) => onChange(addLine(lines, line))} />
    </fieldset>
  );
}
