import { useT } from '../lib/i18n';

/** The checkout's word on an order holding a pre-order: it waits for the book, whole, and is paid on delivery. */
export function PreorderNote() {
  const t = useT();
  return (
    <p className="mb-3 rounded border border-indigo-200 bg-indigo-50 p-2 text-sm text-indigo-900" role="note" data-testid="preorder-note">
      {t(
        'এই অর্ডারে প্রি-অর্ডারের বই আছে: পুরো অর্ডারটি বই এলে ও প্রকাশের দিন থেকে একসাথে পাঠানো হবে। প্রি-অর্ডার শুধু ক্যাশ অন ডেলিভারিতে।',
        'This order holds a pre-order: the whole order is sent together once the book is in and released. Pre-orders are cash on delivery only.',
      )}
    </p>
  );
}
