// A local stand-in for the subset of the Stripe API the server calls: checkout sessions and subscription updates.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  authorization: string | undefined;
}

export interface FakeStripe {
  apiBase: string;
  requests: RecordedRequest[];
  /** Make the next calls fail with this HTTP status (Stripe's error JSON). */
  failWith: number | null;
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  let sessions = 0;
  const fake: FakeStripe = { apiBase: '', requests: [], failWith: null, close: async () => {} };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      fake.requests.push({
        method: req.method ?? '',
        path,
        form: new URLSearchParams(raw),
        authorization: req.headers.authorization,
      });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${fake.requests.length}` });
        res.end(JSON.stringify(body));
      };
      if (fake.failWith)
        return send(fake.failWith, { error: { type: 'api_error', message: 'Fake Stripe is down (sk_test_secret)' } });
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = `cs_test_${++sessions}`;
        const form = new URLSearchParams(raw);
        return send(200, {
          id,
          object: 'checkout.session',
          mode: form.get('mode'),
          url: `https://checkout.stripe.test/c/pay/${id}`,
          payment_status: 'unpaid',
        });
      }
      const sub = path.match(/^\/v1\/subscriptions\/([\w-]+)$/);
      if (req.method === 'POST' && sub) {
        return send(200, {
          id: sub[1],
          object: 'subscription',
          cancel_at_period_end: new URLSearchParams(raw).get('cancel_at_period_end') === 'true',
        });
      }
      send(404, { error: { type: 'invalid_request_error', message: `No such route ${path}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
