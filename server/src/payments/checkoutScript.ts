// The local checkout page's script, served as a file (the page's CSP allows no inline script). Pay sends the web
// app's access token (localStorage "token", SPEC §9) so only the checkout's owner can pay, then opens the
// success page the server names (a path of this site).
export const CHECKOUT_SCRIPT = `'use strict';
(function () {
  var form = document.getElementById('pay-form');
  var status = document.getElementById('pay-status');
  if (!form || !status) return;
  var button = form.querySelector('button');
  function show(text) { status.textContent = text; button.disabled = false; }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var token = null;
    try { token = localStorage.getItem('token'); } catch (e) { token = null; }
    if (!token) { show('Sign in to ' + document.body.dataset.app + ' in this browser first, then open this checkout again.'); return; }
    button.disabled = true;
    fetch(form.action, { method: 'POST', headers: { Authorization: 'Bearer ' + token } })
      .then(function (res) { return res.json().catch(function () { return {}; }).then(function (body) { return { ok: res.ok, body: body }; }); })
      .then(function (result) {
        var target = result.body && result.body.data && result.body.data.redirect_url;
        if (result.ok && typeof target === 'string' && target.charAt(0) === '/' && target.charAt(1) !== '/' && target.charAt(1) !== '\\\\') {
          window.location.assign(target);
          return;
        }
        var detail = result.body && result.body.detail;
        show(typeof detail === 'string' ? detail : (detail && detail.message) || 'The payment could not be completed.');
      })
      .catch(function () { show('The payment could not be completed. Please try again.'); });
  });
})();
`;
