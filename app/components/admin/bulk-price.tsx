/**
 * The bulk price change of /product-import: regular prices of a category's (with its
 * sub-categories) and/or a publisher's products, up or down by a percentage or by taka. Previewed
 * first (what would change, and the products that cannot take it), then applied, all or nothing
 * (server/catalog's bulk price route).
 */
import { Button } from './buttons';
import { useDryRun } from './dry-run';
import { FilterSelect, ROW_CONTROL } from './filters';
import { Table } from './table';

interface PriceAnswer {
  count: number;
  sample: { id: number; english_title: string; from: number; to: number; discount_price: number }[];
  problems: { id: number; english_title: string; message: string }[];
  applied?: number;
}

type Named = { id: number; name: string };

function priceRequest(data: FormData, dryRun: boolean) {
  const num = (name: string) => (String(data.get(name) ?? '').trim() === '' ? undefined : Number(data.get(name)));
  const value = num('value');
  return { url: '/api/product/bulk-price/', body: { [String(data.get('by'))]: value, category: num('category'), publisher: num('publisher'), dry_run: dryRun } };
}

function PriceResult({ answer }: { answer: PriceAnswer }) {
  return (
    <div className="mt-4" data-testid="price-result">
      <p className="mb-2 text-sm font-semibold">
        {answer.applied !== undefined ? `${answer.applied} prices changed.` : `${answer.count} products would change.`}
        {answer.problems.length > 0 && ` ${answer.problems.length} cannot take this change; nothing will be applied until it fits them all.`}
      </p>
      <Table head={['ID', 'Title', 'Regular price', 'New', 'Discount price', 'Problem']} dense>
        {answer.problems.map((p) => (
          <tr key={`p${p.id}`} className="text-red-700">
            <td>{p.id}</td>
            <td>{p.english_title}</td>
            <td colSpan={3} />
            <td>{p.message}</td>
          </tr>
        ))}
        {answer.sample.map((p) => (
          <tr key={p.id}>
            <td>{p.id}</td>
            <td>{p.english_title}</td>
            <td>{p.from}</td>
            <td className="font-semibold">{p.to}</td>
            <td>{p.discount_price || '—'}</td>
            <td />
          </tr>
        ))}
      </Table>
      {answer.count > answer.sample.length && <p className="mt-1 text-xs text-stone-500">The first {answer.sample.length} of {answer.count} are shown.</p>}
    </div>
  );
}

export function BulkPrice({ categories, publishers }: { categories: Named[]; publishers: Named[] }) {
  // A refused change names the field at fault: its message says more than the general one.
  const price = useDryRun<PriceAnswer>(priceRequest, (res) => Object.values(res.errors)[0]?.[0] ?? (res.message || `The server answered ${res.status || 'nothing'}.`));
  const { busy, answer, failure } = price;
  return (
    <>
      <form {...price.props} className="flex flex-wrap items-end gap-3" data-testid="price-form">
        <FilterSelect label="Category (with its sub-categories)" name="category" defaultValue="" all="Any" choices={categories.map((c) => [c.id, c.name] as const)} className={ROW_CONTROL} />
        <FilterSelect label="Publisher" name="publisher" defaultValue="" all="Any" choices={publishers.map((p) => [p.id, p.name] as const)} className={ROW_CONTROL} />
        <label className="text-sm">
          Change by
          <select name="by" defaultValue="percentage" className={ROW_CONTROL}>
            <option value="percentage">Percent (%)</option>
            <option value="amount">Taka (৳)</option>
          </select>
        </label>
        <label className="text-sm">
          Up (+) or down (−)
          <input name="value" type="number" step={1} required className={`${ROW_CONTROL} w-28`} placeholder="10 or -10" />
        </label>
        <Button type="submit" kind="secondary" disabled={busy !== ''}>
          Preview
        </Button>
        <Button disabled={busy !== '' || !answer?.dryRun || answer.count === 0 || answer.problems.length > 0} onClick={() => void price.send(false)}>
          {busy ? 'Working…' : 'Apply'}
        </Button>
      </form>
      {failure && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {failure}
        </p>
      )}
      {answer && <PriceResult answer={answer} />}
    </>
  );
}
