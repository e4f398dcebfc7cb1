// The local checkout page's HTML: inline style, one script file of this server, every value escaped.
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const STYLE = `body{font-family:system-ui,sans-serif;background:#f5f5f7;color:#1d1d1f;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.1);padding:2rem;max-width:26rem;width:90%}
h1{font-size:1.4rem;margin:0 0 1rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem}dt{font-weight:600}dd{margin:0}
.actions{display:flex;gap:1rem;margin-top:1.5rem}button{font:inherit;padding:.6rem 1.4rem;border-radius:8px;border:1px solid #0b57d0;cursor:pointer}
.pay{background:#0b57d0;color:#fff}.cancel{background:#fff;color:#0b57d0}button:focus-visible{outline:3px solid #f9ab00;outline-offset:2px}
.note{font-size:.85rem;color:#555;margin-top:1.5rem}.stand-in{background:#fff4ce;border:1px solid #f9ab00;border-radius:8px;padding:.75rem;margin:0 0 1rem}
[role=status]:empty{display:none}`;

function page(title: string, body: string, script = '', appName = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style>${script ? `<script src="${script}" defer></script>` : ''}</head>
<body data-app="${escapeHtml(appName)}"><main>${body}</main></body></html>`;
}

export interface CheckoutView {
  sessionId: string;
  appName: string;
  itemName: string;
  description: string;
  priceLabel: string;
  billing: string;
}

export function checkoutPage(view: CheckoutView): string {
  const id = encodeURIComponent(view.sessionId);
  return page(
    `Checkout – ${view.appName}`,
    `<h1>Checkout</h1>
<p class="stand-in"><strong>Local stand-in for the card payment provider.</strong> This server runs without a card
provider: paying here charges no card and grants the credits at once. Only the signed-in owner of this checkout can pay it.</p>
<dl aria-label="Order summary"><dt>Item</dt><dd>${escapeHtml(view.itemName)}</dd>
<dt>Price</dt><dd>${escapeHtml(view.priceLabel)}</dd><dt>Billing</dt><dd>${escapeHtml(view.billing)}</dd></dl>
${view.description ? `<p>${escapeHtml(view.description)}</p>` : ''}
<div class="actions">
<form id="pay-form" method="post" action="/checkout/${id}/pay"><button type="submit" class="pay">Pay</button></form>
<form method="post" action="/checkout/${id}/cancel"><button type="submit" class="cancel">Cancel</button></form>
</div>
<p role="status" id="pay-status"></p>
<p class="note">Local test checkout of ${escapeHtml(view.appName)}: no card is charged.</p>`,
    '/checkout/assets/checkout.js',
    view.appName,
  );
}

export function messagePage(title: string, message: string): string {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(message)}</p><p><a href="/payment">Back to payments</a></p>`,
  );
}
