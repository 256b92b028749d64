/** The couriers the server knows (`GET /api/couriers/`), loaded in the browser when a screen needs them. */
import { useCallback, useEffect, useState } from 'react';
import { couriersOf, getJson, type CourierInfo, type GetResult } from './courier-api';

export function useCouriers(active = true): {
  couriers: CourierInfo[] | null;
  error: string;
  reload: (check?: boolean) => Promise<void>;
  checking: boolean;
} {
  const [couriers, setCouriers] = useState<CourierInfo[] | null>(null);
  const [error, setError] = useState('');
  const [checking, setChecking] = useState(false);
  const apply = useCallback((res: GetResult) => {
    setChecking(false);
    if (!res.ok) {
      setError(res.message);
      return;
    }
    setError('');
    setCouriers(couriersOf(res.body));
  }, []);
  const reload = useCallback(
    async (check = false) => {
      if (check) setChecking(true);
      apply(await getJson(`/api/couriers/${check ? '?check=1' : ''}`));
    },
    [apply],
  );
  useEffect(() => {
    if (!active) return;
    let live = true;
    void getJson('/api/couriers/').then((res) => {
      if (live) apply(res);
    });
    return () => {
      live = false;
    };
  }, [active, apply]);
  return { couriers, error, reload, checking };
}
