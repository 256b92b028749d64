/**
 * The city, zone and area pickers of a courier that needs its own places (`needsPlaces` in
 * domain/providers.ts: Pathao), each list loaded when the one above it is chosen from the
 * courier's own routes (`/api/couriers/<id>/cities/`, `zones/?city=`, `areas/?zone=`), started
 * from the values the server prefilled for the order.
 */
import { useEffect, useState } from 'react';
import type { FieldErrors } from '../../form/api';
import { Field, FieldError, useControlClass } from '../../form/field';
import { choicesOf, getJson, type Choice } from './courier-api';

export interface PlacesPrefill {
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

/** The three lists, top down: each is loaded once the one above it is chosen, and choosing one clears those below. */
const LEVELS = [
  { label: 'City', name: 'recipient_city', required: true },
  { label: 'Zone', name: 'recipient_zone', required: true },
  { label: 'Area', name: 'recipient_area', required: false },
] as const;

/** Where a level's list comes from, given the choice above it; null until that is made. */
function listUrl(courier: string, kind: 'city' | 'zone' | 'area', above: string): string | null {
  const base = `/api/couriers/${encodeURIComponent(courier)}`;
  if (kind === 'city') return `${base}/cities/`;
  if (!above) return null;
  return kind === 'zone' ? `${base}/zones/?city=${encodeURIComponent(above)}` : `${base}/areas/?zone=${encodeURIComponent(above)}`;
}

export function CourierPlaces({ courier, prefill, errors }: { courier: string; prefill: PlacesPrefill; errors: FieldErrors }) {
  const [chosen, setChosen] = useState<string[]>([prefill.city, prefill.zone, prefill.area]);
  const lists = [usePlaces(listUrl(courier, 'city', ''), 'city'), usePlaces(listUrl(courier, 'zone', chosen[0]!), 'zone'), usePlaces(listUrl(courier, 'area', chosen[1]!), 'area')];
  const problem = lists.map((l) => l.error).find(Boolean);
  const choose = (level: number, value: string) => setChosen((was) => was.map((v, i) => (i < level ? v : i === level ? value : '')));
  return (
    <div className="grid gap-2" data-testid={`${courier}-places`}>
      {problem && <p className="text-xs text-red-700">{problem}</p>}
      {LEVELS.map((level, i) => (
        <Place key={level.name} label={level.label} name={level.name} value={chosen[i]!} list={lists[i]!.list} errors={errors} required={level.required} onChange={(v) => choose(i, v)} />
      ))}
      <Field label="Weight (kg)" name="item_weight" type="number" inputMode="decimal" min={0.5} max={10} step={0.5} defaultValue={prefill.weight || '0.5'} errors={errors} />
    </div>
  );
}
