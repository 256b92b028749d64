/**
 * Pathao's city, zone and area pickers, each list loaded when the one above it is chosen
 * (`/api/couriers/pathao/cities/`, `/zones/?city=`, `/areas/?zone=`), started from the values
 * the server prefilled for the order.
 */
import { useEffect, useState } from 'react';
import type { FieldErrors } from '../../form/api';
import { Field, FieldError, useControlClass } from '../../form/field';
import { choicesOf, getJson, type Choice } from './courier-api';

export interface PathaoPrefill {
  city: string;
  zone: string;
  area: string;
  weight: string;
}

function usePlaces(url: string | null, kind: 'city' | 'zone' | 'area'): { list: Choice[]; error: string } {
  const [state, setState] = useState<{ url: string; list: Choice[]; error: string } | null>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    void getJson(url).then((res) => {
      if (live) setState(res.ok ? { url, list: choicesOf(res.body, kind), error: '' } : { url, list: [], error: res.message });
    });
    return () => {
      live = false;
    };
  }, [url, kind]);
  return state && state.url === url ? state : { list: [], error: '' };
}

function Place({ label, name, value, list, errors, required, onChange }: { label: string; name: string; value: string; list: Choice[]; errors: FieldErrors; required?: boolean; onChange: (value: string) => void }) {
  const control = useControlClass();
  return (
    <label className="block text-sm font-medium">
      {label}
      {required && <span className="text-red-700"> *</span>}
      <select name={name} value={value} onChange={(e) => onChange(e.target.value)} className={control} aria-invalid={errors[name]?.length ? true : undefined}>
        <option value="">— choose —</option>
        {/* The prefilled choice stays until its list arrives. */}
        {value && !list.some((c) => String(c.id) === value) && <option value={value}>#{value}</option>}
        {list.map((c) => (
          <option key={c.id} value={String(c.id)}>
            {c.name}
          </option>
        ))}
      </select>
      <FieldError errors={errors} name={name} />
    </label>
  );
}

export function PathaoPlaces({ prefill, errors }: { prefill: PathaoPrefill; errors: FieldErrors }) {
  const [city, setCity] = useState(prefill.city);
  const [zone, setZone] = useState(prefill.zone);
  const [area, setArea] = useState(prefill.area);
  const cities = usePlaces('/api/couriers/pathao/cities/', 'city');
  const zones = usePlaces(city ? `/api/couriers/pathao/zones/?city=${encodeURIComponent(city)}` : null, 'zone');
  const areas = usePlaces(zone ? `/api/couriers/pathao/areas/?zone=${encodeURIComponent(zone)}` : null, 'area');
  const problem = cities.error || zones.error || areas.error;
  return (
    <div className="grid gap-2" data-testid="pathao-places">
      {problem && <p className="text-xs text-red-700">{problem}</p>}
      <Place
        label="City"
        name="recipient_city"
        value={city}
        list={cities.list}
        errors={errors}
        required
        onChange={(v) => {
          setCity(v);
          setZone('');
          setArea('');
        }}
      />
      <Place
        label="Zone"
        name="recipient_zone"
        value={zone}
        list={zones.list}
        errors={errors}
        required
        onChange={(v) => {
          setZone(v);
          setArea('');
        }}
      />
      <Place label="Area" name="recipient_area" value={area} list={areas.list} errors={errors} onChange={setArea} />
      <Field label="Weight (kg)" name="item_weight" type="number" inputMode="decimal" min={0.5} max={10} step={0.5} defaultValue={prefill.weight || '0.5'} errors={errors} />
    </div>
  );
}
