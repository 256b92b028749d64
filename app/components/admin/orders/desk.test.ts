import { describe, expect, it } from 'vitest';
import { customerHistory } from '../../../../domain/order-desk';
import { addLine, badgeOf, deskErrors, errorsByField, historyText, isToConfirm, keyTargetOf, linesBody, linesChanged, listLink, moveFocus, readEdits, readHistory, removeLine, setQuantity, shortcutFor, TO_CONFIRM, type DeskLine } from './desk';

const at = { target: 'other' as const, modifier: false, dialogOpen: false };

describe('the order list keys', () => {
  it('reads j / ArrowDown as next, k / ArrowUp as previous, c confirm, x cancel, Enter open', () => {
    expect(['j', 'ArrowDown', 'k', 'ArrowUp', 'c', 'x', 'Enter'].map((k) => shortcutFor(k, at))).toEqual(['next', 'next', 'previous', 'previous', 'confirm', 'cancel', 'open']);
    expect(shortcutFor('q', at)).toBeNull();
  });

  it('does nothing while typing in an input, with a modifier held, or while a dialog is open', () => {
    expect(shortcutFor('j', { ...at, target: 'typing' })).toBeNull();
    expect(shortcutFor('c', { ...at, modifier: true })).toBeNull();
    expect(shortcutFor('x', { ...at, dialogOpen: true })).toBeNull();
  });

  it('leaves Enter to a focused link or button, but moves and acts from there', () => {
    expect(shortcutFor('Enter', { ...at, target: 'control' })).toBeNull();
    expect(shortcutFor('j', { ...at, target: 'control' })).toBe('next');
  });

  it('counts text inputs, text areas and drop-downs as typing, and a checkbox or button as a control', () => {
    const el = (tagName: string, type?: string) => ({ tagName, getAttribute: (n: string) => (n === 'type' ? (type ?? null) : null) });
    expect(keyTargetOf(el('INPUT'))).toBe('typing');
    expect(keyTargetOf(el('input', 'search'))).toBe('typing');
    expect(keyTargetOf(el('INPUT', 'date'))).toBe('typing');
    expect(keyTargetOf(el('TEXTAREA'))).toBe('typing');
    expect(keyTargetOf(el('SELECT'))).toBe('typing');
    expect(keyTargetOf({ tagName: 'DIV', isContentEditable: true })).toBe('typing');
    expect(keyTargetOf(el('INPUT', 'checkbox'))).toBe('control');
    expect(keyTargetOf(el('BUTTON'))).toBe('control');
    expect(keyTargetOf(el('A'))).toBe('control');
    expect(keyTargetOf(el('TR'))).toBe('other');
    expect(keyTargetOf(null)).toBe('other');
  });

  it('moves within the list and starts from the first row going down, the last going up', () => {
    expect(moveFocus(null, 'next', 3)).toBe(0);
    expect(moveFocus(null, 'previous', 3)).toBe(2);
    expect(moveFocus(2, 'next', 3)).toBe(2);
    expect(moveFocus(0, 'previous', 3)).toBe(0);
    expect(moveFocus(1, 'next', 3)).toBe(2);
    expect(moveFocus(null, 'next', 0)).toBeNull();
  });
});

describe("the buyer's badge", () => {
  it('says new buyer, good buyer or returns before from the record, with the numbers in words', () => {
    const none = customerHistory({ orders: 0, delivered: 0, returned: 0, cancelled: 0 });
    const good = customerHistory({ orders: 3, delivered: 2, returned: 0, cancelled: 1 });
    const returns = customerHistory({ orders: 4, delivered: 3, returned: 1, cancelled: 0 });
    expect(badgeOf({ customer_history: none })?.badge).toBe('new');
    expect(badgeOf({ customer_history: good })?.badge).toBe('good');
    expect(badgeOf({ customer_history: returns })?.badge).toBe('returns');
    expect(badgeOf({})).toBeNull();
    expect(readHistory({ ...returns, extra: 1 })).toEqual(returns);
    expect(readHistory({ orders: 1 })).toBeNull();
    expect(historyText(none)).toBe('No earlier orders from this number.');
    expect(historyText(returns)).toBe('4 earlier orders: 3 delivered, 1 returned, 0 cancelled; return rate 25 %.');
  });
});

describe('the list filters', () => {
  it('keeps the other filters, drops emptied ones and starts the page again', () => {
    expect(listLink({ search: '017', status: 'Pending', page: '' }, { source: 'phone' })).toBe('?search=017&status=Pending&source=phone');
    expect(listLink({ status: 'Pending' }, { status: '' })).toBe('?');
  });

  it('knows the "to confirm" view: unconfirmed, Pending, oldest first', () => {
    expect(listLink({}, TO_CONFIRM)).toBe('?confirmation=unconfirmed&status=Pending&ordering=id');
    expect(isToConfirm({ ...TO_CONFIRM, search: 'x' })).toBe(true);
    expect(isToConfirm({ confirmation: 'unconfirmed', status: 'Pending' })).toBe(false);
  });
});

describe("an order's lines at the desk", () => {
  const book = { product: 7, title: 'Book', price: 200, stock: 5 };
  it('adds a product once and counts it up when added again', () => {
    const one = addLine([], book);
    expect(one).toEqual([{ ...book, quantity: 1 }]);
    expect(addLine(one, book)[0]!.quantity).toBe(2);
    expect(addLine(one, { ...book, product: 8 })).toHaveLength(2);
  });

  it('takes a whole quantity of at least 1 as typed and keeps the old one otherwise', () => {
    const lines: DeskLine[] = [{ ...book, quantity: 2 }];
    expect(setQuantity(lines, 7, ' 3 ')[0]!.quantity).toBe(3);
    for (const bad of ['0', '', '-1', '1.5', 'two']) expect(setQuantity(lines, 7, bad)[0]!.quantity).toBe(2);
  });

  it('removes a line and sends product and quantity only', () => {
    const lines: DeskLine[] = [{ ...book, quantity: 2 }, { ...book, product: 9, quantity: 1 }];
    expect(linesBody(removeLine(lines, 7))).toEqual([{ product: 9, quantity: 1 }]);
  });

  it('tells changed lines from the same lines in another order', () => {
    const lines: DeskLine[] = [{ ...book, quantity: 2 }, { ...book, product: 9, quantity: 1 }];
    expect(linesChanged([{ product: 9, quantity: 1 }, { product: 7, quantity: 2 }], lines)).toBe(false);
    expect(linesChanged([{ product: 7, quantity: 1 }, { product: 9, quantity: 1 }], lines)).toBe(true);
  });
});

describe("a refusal's errors", () => {
  it('gathers nested paths under their field', () => {
    expect(errorsByField({ 'new_order_alert_phones.1': ['bad'], 'lines.0.quantity': ['q'], 'lines.1.product': ['p'], name: ['n'] })).toEqual({ new_order_alert_phones: ['bad'], lines: ['q', 'p'], name: ['n'] });
  });

  it("drops the lines' errors once the lines changed after sending, and keeps the rest", () => {
    const errors = { 'lines.0.quantity': ['q'], name: ['n'] };
    expect(deskErrors(errors, true)).toEqual({ lines: ['q'], name: ['n'] });
    expect(deskErrors(errors, false)).toEqual({ name: ['n'] });
  });
});

describe("an order's edit history", () => {
  it('says what changed from what to what, lines by title and quantity, JSON text or objects alike', () => {
    const edits = readEdits([
      {
        id: 1,
        at: '2026-11-27T10:00:00.000Z',
        user: 3,
        user_name: 'Rina',
        before: JSON.stringify({ lines: [{ product: 7, product_title: 'Book', quantity: 1 }], total: 260, district: 'Dhaka' }),
        after: { lines: [{ product: 7, product_title: 'Book', quantity: 2 }], total: 460, district: 'Dhaka' },
      },
      { id: 'bad' },
    ]);
    expect(edits).toEqual([
      {
        id: 1,
        at: '2026-11-27T10:00:00.000Z',
        user_name: 'Rina',
        changes: [
          { field: 'lines', before: 'Book × 1', after: 'Book × 2' },
          { field: 'total', before: '260', after: '460' },
        ],
      },
    ]);
    expect(readEdits(null)).toEqual([]);
    // The server's rows name lines by product: the titles the screen knows stand in.
    const byId = readEdits([{ id: 2, at: 'x', before: { lines: [{ product: 7, quantity: 1 }, { product: 8, quantity: 1 }] }, after: { lines: [{ product: 7, quantity: 2 }] } }], new Map([[7, 'Book']]));
    expect(byId[0]!.changes).toEqual([{ field: 'lines', before: 'Book × 1, #8 × 1', after: 'Book × 2' }]);
  });
});
