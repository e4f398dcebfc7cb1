// Scripts of the Agent's Computer pages, served as files (their CSP allows no inline code). The viewer draws the
// frames its socket brings and sends nothing (view only); the workflow view polls the run's workflow and draws it.

export const VIEWER_SCRIPT = `'use strict';
(function () {
  var token = new URLSearchParams(location.search).get('token') || '';
  var screen = document.getElementById('screen');
  var address = document.getElementById('address');
  var pageTitle = document.getElementById('page-title');
  var badge = document.getElementById('badge');
  var note = document.getElementById('note');
  var failed = document.getElementById('failed');
  var LABELS = { waiting: 'Waiting', live: 'Live', finished: 'Finished' };
  var NOTES = {
    waiting: 'The agent has not opened its browser yet.',
    finished: 'The run has finished; its browser showed nothing.'
  };
  var state = 'connecting';
  var heard = false;
  var attempts = 0;
  var done = false;
  function show(url, title) {
    if (typeof url === 'string' && url) address.textContent = url;
    if (typeof title === 'string') pageTitle.textContent = title;
  }
  function setState(next) {
    state = next;
    badge.dataset.state = next;
    badge.textContent = LABELS[next] || next;
    if (screen.hidden && NOTES[next]) note.textContent = NOTES[next];
  }
  function fail() {
    note.hidden = true;
    failed.hidden = false;
    badge.dataset.state = 'failed';
    badge.textContent = 'Offline';
  }
  function connect() {
    var scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    var path = location.pathname.replace(/vnc\\.html$/, 'stream');
    var socket;
    try { socket = new WebSocket(scheme + '//' + location.host + path + '?token=' + encodeURIComponent(token)); }
    catch (e) { fail(); return; }
    socket.onmessage = function (event) {
      var message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      if (!message || typeof message !== 'object') return;
      heard = true;
      attempts = 0;
      failed.hidden = true;
      if (message.type === 'frame' && typeof message.data === 'string') {
        screen.src = 'data:image/jpeg;base64,' + message.data;
        screen.hidden = false;
        note.hidden = true;
        show(message.url, message.title);
        document.body.dataset.frames = String(Number(document.body.dataset.frames || 0) + 1);
      } else if (message.type === 'state') {
        show(message.url, message.title);
        setState(message.state);
      } else if (message.type === 'refused') {
        done = true;
        note.hidden = false;
        note.textContent = String(message.message || 'You cannot watch this run.');
        setState('refused');
      }
    };
    socket.onclose = function () {
      if (done || state === 'finished') return;
      attempts += 1;
      if (attempts > 3) { fail(); return; }
      setTimeout(connect, 500 * Math.pow(2, attempts));
    };
    socket.onerror = function () { if (!heard && attempts >= 3) fail(); };
  }
  connect();
})();
`;

export const WORKFLOW_SCRIPT = `'use strict';
(function () {
  var token = new URLSearchParams(location.search).get('token') || '';
  var list = document.getElementById('nodes');
  var status = document.getElementById('status');
  var heading = document.getElementById('name');
  var dataUrl = location.pathname.replace(/workflow\\.html$/, 'workflow.json') + '?token=' + encodeURIComponent(token);
  function item(text, detail, kind) {
    var li = document.createElement('li');
    li.className = kind;
    var strong = document.createElement('strong');
    strong.textContent = text;
    var small = document.createElement('small');
    small.textContent = detail;
    li.appendChild(strong);
    li.appendChild(small);
    return li;
  }
  function draw(view) {
    list.textContent = '';
    if (view.nodes.length) {
      heading.textContent = view.name || 'Workflow';
      view.nodes.forEach(function (node) {
        var next = view.links.filter(function (l) { return l[0] === node.name; }).map(function (l) { return l[1]; });
        list.appendChild(item(node.name, node.type + (next.length ? '  →  ' + next.join(', ') : ''), 'node'));
      });
    } else {
      view.lookedUp.forEach(function (type) { list.appendChild(item(type.split('.').pop(), 'reading ' + type, 'reading')); });
    }
    document.title = (view.nodes.length ? view.nodes.length + ' nodes: ' : '') + (view.name || 'Workflow being built');
    status.textContent = view.done
      ? 'Finished: ' + view.nodes.length + ' nodes'
      : view.nodes.length ? 'Built ' + view.nodes.length + ' nodes; checking' : 'Building: ' + view.lookedUp.length + ' nodes looked up';
  }
  function poll() {
    fetch(dataUrl, { cache: 'no-store' })
      .then(function (res) { return res.ok ? res.json() : Promise.reject(res.status); })
      .then(function (view) { draw(view); if (!view.done) setTimeout(poll, 1000); })
      .catch(function () { status.textContent = 'The workflow could not be loaded.'; });
  }
  poll();
})();
`;
