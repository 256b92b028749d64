/**
 * The fake bKash's gateway page, where the browser is sent to pay (`bkashURL`): `GET /pay/:id`
 * shows Pay, Cancel and Fail links; `/pay/:id/success` authorises the payment (execute may then
 * take the money), `/cancel` and `/failure` end it, and each sends the browser back to the
 * shop's callbackURL with `paymentID` and `status`, as bKash does.
 */
import crypto from 'node:crypto';
import type http from 'node:http';
import type { FakeBkash } from './fake-model';
import { escapeHtml, gatewayPageHtml, html, matchGatewayPage } from '../../../test/fakes/loopback-server';

/** Answers the request if it is for the gateway page (true), else leaves it (false). */
export function serveBkashPage(fake: FakeBkash, req: http.IncomingMessage, res: http.ServerResponse, url: URL): boolean {
  const page = matchGatewayPage(req, url, ['success', 'cancel', 'failure']);
  if (!page) return false;
  const id = page.key;
  const p = fake.payments.get(id);
  if (!p) {
    html(res, 404, '<p>No such payment.</p>');
    return true;
  }
  const outcome = page.outcome;
  if (!outcome) {
    const summary = `Amount ৳${escapeHtml(p.amount)} · invoice ${escapeHtml(p.merchantInvoiceNumber)}`;
    html(res, 200, gatewayPageHtml('bKash', id, summary, [['success', 'Pay'], ['cancel', 'Cancel'], ['failure', 'Fail']]));
    return true;
  }
  if (p.transactionStatus === 'Initiated') {
    if (outcome === 'success') p.authorised = true;
    else if (outcome === 'cancel') p.transactionStatus = 'Cancelled';
    else p.transactionStatus = 'Failed';
  }
  const back = new URL(p.callbackURL);
  back.searchParams.set('paymentID', p.paymentID);
  back.searchParams.set('status', outcome);
  back.searchParams.set('signature', crypto.randomBytes(8).toString('hex'));
  back.searchParams.set('apiVersion', '1.2.0-beta');
  res.writeHead(302, { location: back.toString() });
  res.end();
  return true;
}
