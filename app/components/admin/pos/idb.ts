/**
 * A small IndexedDB wrapper for the counter (issue 36): one database, two stores — the
 * catalogue copy (`catalogue`, one record) and the sales waiting for the network (`queue`, by
 * client_ref). Hand-written (a dozen lines per call) rather than a dependency. Every call
 * resolves to a fallback when IndexedDB is missing or refuses (a private window), so the screen
 * still sells from memory.
 */
const NAME = 'haat-counter';
const VERSION = 1;
export type StoreName = 'catalogue' | 'queue';

let opening: Promise<IDBDatabase | null> | null = null;

function open(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  opening ??= new Promise((resolve) => {
    try {
      const req = indexedDB.open(NAME, VERSION);
      req.onupgradeneeded = () => {
        const db = req.result;
        if (!db.objectStoreNames.contains('catalogue')) db.createObjectStore('catalogue');
        if (!db.objectStoreNames.contains('queue')) db.createObjectStore('queue', { keyPath: 'client_ref' });
      };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => resolve(null);
      req.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opening;
}

function run<T>(store: StoreName, mode: IDBTransactionMode, act: (s: IDBObjectStore) => IDBRequest, fallback: T): Promise<T> {
  return open().then(
    (db) =>
      new Promise<T>((resolve) => {
        if (!db) return resolve(fallback);
        try {
          const tx = db.transaction(store, mode);
          const req = act(tx.objectStore(store));
          // A write counts once its transaction is durable, not when its request succeeds.
          tx.oncomplete = () => resolve((req.result as T) ?? fallback);
          tx.onerror = () => resolve(fallback);
          tx.onabort = () => resolve(fallback);
        } catch {
          resolve(fallback);
        }
      }),
  );
}

export const idb = {
  get: <T>(store: StoreName, key: IDBValidKey) => run<T | undefined>(store, 'readonly', (s) => s.get(key), undefined),
  all: <T>(store: StoreName) => run<T[]>(store, 'readonly', (s) => s.getAll(), []),
  /** True once written; false when IndexedDB is unavailable (the caller keeps it in memory). */
  put: (store: StoreName, value: unknown, key?: IDBValidKey) => run<boolean>(store, 'readwrite', (s) => s.put(value, key), false).then((r) => r !== false),
  remove: (store: StoreName, key: IDBValidKey) => run<undefined>(store, 'readwrite', (s) => s.delete(key), undefined),
};
