// probe: presses posted to the page straight through `paranoid.postMessage`, past the replica's layer: clicks of links and areas to the test server (a new one, one with `target`, `download`, `ping`, an SVG link), clicks sent as raw events that say they cannot be cancelled, events of types off the list (`submit`, `message`, `beforeunload`, a site's own), fields that are objects or functions, kinds and targets that are not, `submit` of what is not a form, and more presses than a batch may hold; then the layer's own route, with a script-made link and events
// category: page-replica
// applies: -
// expect: stopped
// note: no layer alone: a page replica is a userscript's, made with every layer on; without one the probe reports "no replica". The test hook's replica may press but not open pages: no click may follow a link.
// Why it could escape: a click is the one operation whose default the browser itself runs: following a link or submitting a form is a request to the test server (counted) and a navigation of the test page (the harness then never hears the probe's result).
var __probe;
if (typeof document !== 'object' || document === null || typeof paranoid !== 'object' || typeof paranoid.postMessage !== 'function') {
  __probe = { escaped: false, detail: 'no replica' };
} else {
  var notes = [];
  var base = (typeof testServer === 'string' ? testServer : 'http://127.0.0.1:9') + '/probe/page-replica-presses.js';
  var n = 0;
  function url() { n++; return base + '?' + n; }
  var refusals = 0;
  var reasons = {};
  paranoid.onMessage(function (m) {
    if (m && m.dom === 'refused') {
      for (var r = 0; r < (m.reasons || []).length; r++) { refusals++; var k = String(m.reasons[r]).slice(0, 40); reasons[k] = (reasons[k] || 0) + 1; }
    }
  });
  var next = -5000;
  function fresh() { return next--; }
  var ops = [];
  var body = document.body;
  // The body's id as the page gave it: the replica's own bookkeeping is not reachable, so the
  // small ids are tried blindly (each is some node of the test page).
  var links = [];
  function link(attrs) {
    var i = fresh();
    ops.push(['create', { i: i, t: 'a', a: attrs, c: [{ i: fresh(), x: 'link' }] }]);
    links.push(i);
    return i;
  }
  var plain = link([['href', url()]]);
  var blank = link([['href', url()], ['target', '_blank']]);
  var named = link([['href', url()], ['target', 'other']]);
  var download = link([['href', url()], ['download', 'x.txt']]);
  var pinged = link([['href', url()], ['ping', url()]]);
  var hash = link([['href', url() + '#part']]);
  var area = fresh();
  ops.push(['create', { i: area, t: 'area', a: [['href', url()], ['shape', 'default']], c: [] }]);
  links.push(area);
  var svgA = fresh();
  ops.push(['create', { i: svgA, t: 'a', n: 'http://www.w3.org/2000/svg', a: [['href', url()]], c: [] }]);
  links.push(svgA);
  // A span inside a link, a button inside a link, a label inside a link.
  var outer = link([['href', url()]]);
  var span = fresh();
  ops.push(['create', { i: span, t: 'span', a: [], c: [{ i: fresh(), x: 'inner' }] }]);
  var button = fresh();
  ops.push(['create', { i: button, t: 'button', a: [['type', 'button']], c: [] }]);
  // A text box inside a link, clicked through a label elsewhere: the browser clicks the box,
  // whose click bubbles to the link.
  var boxLink = link([['href', url()]]);
  var box = fresh();
  ops.push(['create', { i: box, t: 'input', a: [['id', 'paranoid-probe-box']], c: [] }]);
  var label = fresh();
  ops.push(['create', { i: label, t: 'label', a: [['for', 'paranoid-probe-box']], c: [{ i: fresh(), x: 'label' }] }]);
  // Put where the page's small ids are (each is some element of the test page; the last
  // insert that is allowed wins), then pressed once each: the presses a second are limited,
  // and these must all be tried.
  for (var id = 1; id <= 6; id++) {
    for (var l = 0; l < links.length; l++) ops.push(['insert', id, links[l], null]);
    ops.push(['insert', outer, span, null], ['insert', outer, button, null], ['insert', boxLink, box, null], ['insert', id, label, null]);
  }
  ops.push(['press', label, 'click', null], ['press', label, 'event', { type: 'click', bubbles: true }]);
  // A link to a place in this page, clicked with a modifier key or another button: a new tab.
  ops.push(['press', hash, 'event', { type: 'click', ctrlKey: true }], ['press', hash, 'event', { type: 'click', shiftKey: true }], ['press', hash, 'event', { type: 'click', button: 1 }], ['press', hash, 'event', { type: 'click', metaKey: true }]);
  for (var k = 0; k < links.length; k++) {
    ops.push(['press', links[k], 'click', null]);
    ops.push(['press', links[k], 'event', { type: 'click', bubbles: true, cancelable: false }]);
    ops.push(['press', links[k], 'event', { type: 'click', cancelable: { valueOf: function () { return false; } } }]);
    ops.push(['press', links[k], 'event', { type: 'CLICK' }]);
    ops.push(['press', links[k], 'event', { type: 'DOMActivate', bubbles: true }]);
    ops.push(['press', links[k], 'submit', null]);
    ops.push(['press', links[k], 'focus', { preventScroll: url() }]);
  }
  ops.push(['press', span, 'click', null], ['press', button, 'click', null], ['press', span, 'event', { type: 'click', bubbles: true }]);
  // Types off the list, fields that are not plain, kinds and targets that are not.
  for (var p = 1; p <= 2; p++) {
    var types = ['submit', 'message', 'beforeunload', 'unload', 'load', 'DOMContentLoaded', 'hashchange', 'popstate', 'yt-navigate-finish', 'paranoid:run', 'toggle', 'reset', 'invalid', 'select', 'wheel', 'dragstart', 'drop', 'paste', 'copy', '__proto__', 'constructor'];
    for (var t = 0; t < types.length; t++) ops.push(['press', p, 'event', { type: types[t], bubbles: true, detail: { url: url() } }]);
    ops.push(['press', p, 'event', { type: 'keydown', key: { toString: function () { return url(); } }, view: {}, relatedTarget: {}, data: url(), detail: function () {} }]);
    ops.push(['press', p, 'event', null], ['press', p, 'event', 'click'], ['press', p, 'bogus', null], ['press', p, 'submit', { submitter: p }]);
    ops.push(['press', p, 'submit', { submitter: p, events: false }]);
  }
  var odd = ['1', 1.5, NaN, null, {}, [], true, '__proto__', 2 ** 53, 'window', 'document'];
  for (var o = 0; o < odd.length; o++) {
    ops.push(['press', odd[o], 'click', null], ['press', odd[o], 'submit', null]);
  }
  var presses = 0;
  for (var q = 0; q < ops.length; q++) if (ops[q][0] === 'press') presses++;
  notes.push(presses + ' presses');
  // More presses than a second may hold, a second later: one batch of 300.
  var many = [];
  for (var m = 0; m < 300; m++) many.push(['press', plain, 'event', { type: 'mousedown' }]);
  var sent = 0;
  for (var b = 0; b < ops.length; b += 40) {
    try { paranoid.postMessage({ dom: 'ops', ops: ops.slice(b, b + 40) }); sent++; } catch (e) { notes.push('batch ' + b + ' threw ' + e.name + ': ' + String(e.message).slice(0, 60)); }
  }
  notes.push(ops.length + ' operations in ' + sent + ' batches, ' + n + ' URLs');
  // The layer's own route: a link the script makes and clicks, and events it dispatches.
  var mine = document.createElement('a');
  mine.href = url();
  mine.textContent = 'mine';
  body.appendChild(mine);
  try { mine.click(); } catch (e) { notes.push('click() threw ' + e.name); }
  try { mine.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: false })); } catch (e) { notes.push('dispatchEvent threw ' + e.name); }
  try { body.dispatchEvent(new CustomEvent('submit', { detail: url() })); } catch (e) { notes.push('CustomEvent threw ' + e.name); }
  setTimeout(function () {
    try { paranoid.postMessage({ dom: 'ops', ops: many }); } catch (e) { notes.push('the long batch threw ' + e.name); }
  }, 1100);
  setTimeout(function () {
    var kinds = Object.keys(reasons).sort().map(function (r) { return reasons[r] + '× ' + r; }).slice(0, 12);
    __probe = { escaped: false, detail: notes.join('; ') + '; ' + refusals + ' refusals heard (' + kinds.join(', ') + '); a request the server counted, or the page navigated, fails the probe whatever this says' };
  }, 1500);
  __probe = { escaped: false, detail: 'the last turn did not run' };
}
