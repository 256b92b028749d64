/**
 * The fake SSLCommerz's gateway page, where the browser is sent to pay (`GatewayPageURL`):
 * `GET /pay/:sessionkey` shows Pay, Cancel and Fail links; `/pay/:sessionkey/success` takes the
 * money (and, with `sendIpnOnPay`, POSTs the IPN) and answers an auto-submitting form POSTing the
 * callback fields to the shop's success_url, as SSLCommerz does; `/fail` and `/cancel` end the
 * session and post to fail_url and cancel_url.
 */
import type http from 'node:http';
import { callbackFields, pay, type FakeSslcommerz } from './fake-model';
import { escapeHtml, gatewayPageHtml, html, matchGatewayPage } from '../../../test/fakes/loopback-server';

/** Answers the request if it is for the gateway page (true), else leaves it (false). */
export function serveSslcommerzPage(fake: FakeSslcommerz, req: http.IncomingMessage, res: http.ServerResponse, url: URL): boolean {
  const page = matchGatewayPage(req, url, ['success', 'fail', 'cancel']);
  if (!page) return false;
  const s = fake.sessions.get(page.key);
  if (!s) {
    html(res, 404, '<p>No such session.</p>');
    return true;
  }
  const outcome = page.outcome;
  if (!outcome) {
    const summary = `Amount ৳${escapeHtml(s.total_amount)} · ${escapeHtml(s.tran_id)}`;
    html(res, 200, gatewayPageHtml('SSLCommerz', s.sessionkey, summary, [['success', 'Pay'], ['cancel', 'Cancel'], ['fail', 'Fail']]));
    return true;
  }
  let target: string;
  if (outcome === 'success') {
    pay(s);
    target = s.success_url;
    if (fake.sendIpnOnPay) void fake.sendIpn(s.tran_id).catch(() => undefined);
  } else {
    if (s.status === 'PENDING') s.status = outcome === 'fail' ? 'FAILED' : 'CANCELLED';
    target = outcome === 'fail' ? s.fail_url : s.cancel_url;
  }
  const inputs = Object.entries(callbackFields(fake, s))
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  html(
    res,
    200,
    `<!doctype html><html><head><meta charset="utf-8"><title>Redirecting…</title></head><body><form id="back" method="post" action="${escapeHtml(target)}">${inputs}<noscript><button type="submit">Continue</button></noscript></form><script>document.getElementById('back').submit();</script></body></html>`,
  );
  return true;
}
