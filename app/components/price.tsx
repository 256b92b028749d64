import { formatTaka, useLang } from '../lib/i18n';

/** A price: with a discount price the regular price is struck through and the discount shown in red bold. */
export function Price({ regular, discount, className = '' }: { regular: number; discount: number | null; className?: string }) {
  const lang = useLang();
  if (!discount) return <span className={`font-semibold ${className}`}>{formatTaka(regular, lang)}</span>;
  return (
    <span className={className}>
      <del className="mr-2 text-stone-500">{formatTaka(regular, lang)}</del>
      <strong className="text-red-600">{formatTaka(discount, lang)}</strong>
    </span>
  );
}
