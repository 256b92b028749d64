/**
 * A curated list's products in order, rearranged by mouse or keyboard: each row drags (native
 * HTML drag and drop), its handle moves it with ↑/↓ (Home/End to the ends) while it has the
 * focus, and its up and down buttons do the same. Every move is announced in a polite live
 * region, and the focus follows the moved row, so a keyboard user can move a book several
 * places in a row.
 */
import { useEffect, useRef, useState } from 'react';
import { moveItem } from '../../../../domain/lists';
import { Button } from '../buttons';

export interface OrderItem {
  id: number;
  english_title: string;
  bangla_title: string;
  is_active: boolean;
}

const titleOf = (p: OrderItem) => p.bangla_title || p.english_title;

export function ProductOrder({ items, onChange }: { items: OrderItem[]; onChange: (items: OrderItem[]) => void }) {
  const [said, setSaid] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  // The row whose handle takes the focus after a keyboard move (React may move its node, which blurs it).
  const focusAfter = useRef<number | null>(null);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (focusAfter.current === null) return;
    list.current?.querySelector<HTMLElement>(`[data-handle="${focusAfter.current}"]`)?.focus();
    focusAfter.current = null;
  }, [items]);

  const move = (from: number, to: number, keepFocus: boolean) => {
    const target = Math.max(0, Math.min(items.length - 1, to));
    if (from === target) return;
    const item = items[from]!;
    if (keepFocus) focusAfter.current = item.id;
    onChange(moveItem(items, from, target));
    setSaid(`${titleOf(item)}: ${target + 1} নম্বরে, ${items.length}টির মধ্যে (moved to position ${target + 1} of ${items.length}).`);
  };
  const remove = (index: number) => {
    const item = items[index]!;
    onChange(items.filter((_, i) => i !== index));
    setSaid(`${titleOf(item)} বাদ দেওয়া হলো (removed).`);
  };

  return (
    <div>
      <p className="sr-only" aria-live="polite" data-testid="order-announcement">
        {said}
      </p>
      {items.length === 0 ? (
        <p className="text-sm text-stone-600">এখনও কোনো পণ্য নেই — উপরে খুঁজে যোগ করুন (No products yet: search above to add).</p>
      ) : (
        <ol ref={list} className="divide-y divide-stone-100 rounded border border-stone-200" data-testid="list-order">
          {items.map((p, i) => (
            <li
              key={p.id}
              draggable
              data-product-id={p.id}
              data-testid="list-order-row"
              onDragStart={(e) => {
                setDragged(i);
                e.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                if (dragged !== null) move(dragged, i, false);
                setDragged(null);
              }}
              onDragEnd={() => setDragged(null)}
              className={`flex items-center gap-2 p-2 text-sm ${dragged === i ? 'opacity-50' : ''}`}
            >
              <button
                type="button"
                data-handle={p.id}
                className="cursor-grab rounded border border-stone-300 px-2 py-1 text-stone-600 focus:outline-2 focus:outline-brand"
                aria-label={`${titleOf(p)}, ${i + 1} / ${items.length}: সরাতে ↑ বা ↓ চাপুন (press up or down to move)`}
                aria-describedby="list-order-help"
                onKeyDown={(e) => {
                  const to = { ArrowUp: i - 1, ArrowDown: i + 1, Home: 0, End: items.length - 1 }[e.key];
                  if (to === undefined) return;
                  e.preventDefault();
                  move(i, to, true);
                }}
              >
                ⠿
              </button>
              <span className="w-8 text-right text-stone-500 tabular-nums">{i + 1}.</span>
              <span className="min-w-0 flex-1 truncate">
                {titleOf(p)}
                {p.english_title && p.english_title !== titleOf(p) && <span className="text-stone-500"> · {p.english_title}</span>}
                {!p.is_active && <span className="ml-1 rounded bg-stone-200 px-1 text-xs">off: not shown</span>}
              </span>
              <Button size="sm" kind="secondary" disabled={i === 0} aria-label={`Move ${titleOf(p)} up`} onClick={() => move(i, i - 1, false)}>
                ↑
              </Button>
              <Button size="sm" kind="secondary" disabled={i === items.length - 1} aria-label={`Move ${titleOf(p)} down`} onClick={() => move(i, i + 1, false)}>
                ↓
              </Button>
              <Button size="sm" kind="danger" aria-label={`Remove ${titleOf(p)}`} onClick={() => remove(i)}>
                ✕
              </Button>
            </li>
          ))}
        </ol>
      )}
      <p id="list-order-help" className="mt-1 text-xs text-stone-600">
        টেনে সাজান, অথবা ⠿ বোতামে থেকে ↑/↓ (Home/End) চাপুন (Drag to reorder, or focus ⠿ and press ↑/↓, Home/End).
      </p>
    </div>
  );
}
