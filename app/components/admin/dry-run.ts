/**
 * A back-office form that is checked first (a dry run, which writes nothing) and applied after,
 * with the same values: the bulk import and the bulk price change. It keeps which of the two is on
 * its way, the last answer with whether it was a dry run, and the failure's text.
 */
import { useRef, useState, type FormEvent } from 'react';
import { sendApi, type ApiResult } from '../form/api';

/** What to send for the form's values: a URL and a body, or the text of why nothing can be sent. */
export type DryRunRequest = { url: string; body: FormData | object } | string;

const answeredText = (res: ApiResult<unknown>) => res.message || `The server answered ${res.status || 'nothing'}.`;

export function useDryRun<T>(request: (data: FormData, dryRun: boolean) => DryRunRequest, failureText: (res: ApiResult<T>) => string = answeredText) {
  const form = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState<'' | 'check' | 'apply'>('');
  const [answer, setAnswer] = useState<(T & { dryRun: boolean }) | null>(null);
  const [failure, setFailure] = useState('');

  async function send(dryRun: boolean) {
    const el = form.current;
    if (!el) return;
    const req = request(new FormData(el), dryRun);
    if (typeof req === 'string') return setFailure(req);
    setBusy(dryRun ? 'check' : 'apply');
    setFailure('');
    const res = await sendApi<T>('POST', req.url, req.body);
    setBusy('');
    if (!res.ok || !res.body) {
      setAnswer(null);
      return setFailure(failureText(res));
    }
    setAnswer({ ...res.body, dryRun });
  }

  return {
    busy,
    answer,
    failure,
    send,
    /** Spread on the <form>: submitting it is the dry run. */
    props: {
      ref: form,
      onSubmit: (e: FormEvent<HTMLFormElement>) => {
        e.preventDefault();
        void send(true);
      },
    },
  };
}
