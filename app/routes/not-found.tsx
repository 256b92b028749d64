import { data } from 'react-router';

/** Any path no other route takes: the root error boundary shows the not-found page with HTTP 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export function meta() {
  return [{ title: 'পেজটি পাওয়া যায়নি — 404' }, { name: 'robots', content: 'noindex' }];
}

export default function NotFound() {
  return null;
}
