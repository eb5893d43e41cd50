// probe: operations posted to the page straight through `paranoid.postMessage`, past the replica's layer: forged ids, tags and attribute names in other cases and namespaces, handlers, `javascript:`, url() and loads from the test server, scrolls with hostile figures, on the page's own nodes and on new ones
// category: page-replica
// applies: -
// expect: stopped
// note: no layer alone: a page replica is a userscript's, made with every layer on; without one the probe reports "no replica".
// Why it could escape: the layer is the script's own code, which it can bypass; only the content script's checks of each operation stand between the channel and the page (any request the server counts fails the probe).
var __probe;
if (typeof document !== 'object' || document === null || typeof paranoid !== 'object' || typeof paranoid.postMessage !== 'function') {
  __probe = { escaped: false, detail: 'no replica' };
} else {
  var notes = [];
  var hits = [];
  // The page's children beside <head> and <body> as the replica has them: a sandbox frame's host
  // (fixed, one pixel, `inert`) must not be among them, or the script could move or change it.
  var roots = document.documentElement.children;
  for (var r = 0; r < roots.length; r++) {
    var el = roots[r];
    if (el.hasAttribute('inert') || /all:\s*initial/.test(el.getAttribute('style') || '')) hits.push('the replica holds a sandbox frame\'s host: <' + el.localName + ' style="' + String(el.getAttribute('style')).slice(0, 60) + '">');
  }
  var base = (typeof testServer === 'string' ? testServer : 'http://127.0.0.1:9') + '/probe/page-replica-raw-operations.js';
  var n = 0;
  function url() { n++; return base + '?' + n; }
  function code() { return "new Image().src='" + url() + "'"; }
  var refusals = 0;
  paranoid.onMessage(function (m) { if (m && m.dom === 'refused') refusals += (m.reasons || []).length; });
  var next = -1000;
  function fresh() { return next--; }
  var ops = [];
  // The page's own nodes: the test page has a handful; ids are small numbers, tried blindly.
  for (var id = 1; id <= 12; id++) {
    ops.push(['attr', id, 'style', 'background:url(' + url() + ')']);
    ops.push(['attr', id, 'onclick', code()]);
    ops.push(['attr', id, 'ONLOAD', code()]);
    ops.push(['attr', id, 'href', url()]);
    ops.push(['attr', id, 'src', url()]);
    ops.push(['attr', id, 'xlink:href', url()]);
    ops.push(['attr', id, '__proto__', url()]);
    ops.push(['text', id, '@import url(' + url() + ');']);
    var s = fresh();
    ops.push(['create', { i: s, t: 'script', a: [['src', url()]], c: [{ i: fresh(), x: code() }] }]);
    ops.push(['insert', id, s, null]);
    var upper = fresh();
    ops.push(['create', { i: upper, t: 'SCRIPT', a: [], c: [{ i: fresh(), x: code() }] }]);
    ops.push(['insert', id, upper, null]);
    var svg = fresh();
    ops.push(['create', { i: svg, t: 'script', n: 'http://www.w3.org/2000/svg', a: [['href', url()]], c: [{ i: fresh(), x: code() }] }]);
    ops.push(['insert', id, svg, null]);
    var img = fresh();
    ops.push(['create', { i: img, t: 'img', a: [['src', url()], ['srcset', url() + ' 1x'], ['onerror', code()]], c: [] }]);
    ops.push(['insert', id, img, null]);
    var a = fresh();
    ops.push(['create', { i: a, t: 'a', a: [['href', 'javascript:' + code()], ['ping', url()]], c: [{ i: fresh(), x: 'x' }] }]);
    ops.push(['insert', id, a, null]);
    var st = fresh();
    ops.push(['create', { i: st, t: 'style', a: [], c: [{ i: fresh(), x: 'body { background: url(' + url() + ') }' }] }]);
    ops.push(['insert', id, st, null]);
    var div = fresh();
    ops.push(['create', { i: div, t: 'div', a: [['style', 'background:u\\72l(' + url() + ')'], ['Style', 'background-image:url(' + url() + ')']], c: [] }]);
    ops.push(['insert', id, div, null]);
    var link = fresh();
    ops.push(['create', { i: link, t: 'link', a: [['rel', 'stylesheet'], ['href', url()]], c: [] }]);
    ops.push(['insert', id, link, null]);
    var frame = fresh();
    ops.push(['create', { i: frame, t: 'iframe', a: [['srcdoc', '<script>' + code() + '<\/script>'], ['src', url()]], c: [] }]);
    ops.push(['insert', id, frame, null]);
    var meta = fresh();
    ops.push(['create', { i: meta, t: 'meta', a: [['http-equiv', 'refresh'], ['content', '0;url=' + url()]], c: [] }]);
    ops.push(['insert', id, meta, null]);
    // An existing node reused as a new one's child, and the page's roots moved.
    ops.push(['create', { i: fresh(), t: 'div', a: [], c: [{ r: id }] }]);
    ops.push(['detach', id]);
    ops.push(['listen', id, 'beforeunload']);
    ops.push(['scroll', id, { into: true, block: url(), inline: {}, behavior: code() }]);
  }
  // Ids that are not ids.
  var odd = ['1', 1.5, -0, NaN, Infinity, null, {}, [], true, '__proto__', 2 ** 53];
  for (var o = 0; o < odd.length; o++) {
    ops.push(['attr', odd[o], 'style', 'background:url(' + url() + ')']);
    ops.push(['create', { i: odd[o], t: 'img', a: [['src', url()]], c: [] }]);
    ops.push(['scroll', odd[o], { top: odd[o], left: odd[o], by: odd[o], behavior: odd[o] }]);
  }
  ops.push(['nonsense', 1, 2, 3]);
  ops.push(['scroll', 'window', null], ['scroll', 'window', { into: true }], ['scroll', 'window', { top: 1e308, left: -1e308, by: true }], ['scroll', 'document', { top: 1 }]);
  ops.push('not a list');
  var sent = 0;
  // In batches no larger than the layer's own, so that each reaches the page's checks.
  for (var b = 0; b < ops.length; b += 40) {
    try { paranoid.postMessage({ dom: 'ops', ops: ops.slice(b, b + 40) }); sent++; } catch (e) { notes.push('batch ' + b + ' threw ' + e.name + ': ' + String(e.message).slice(0, 60)); }
  }
  notes.push(ops.length + ' operations in ' + sent + ' batches, ' + n + ' URLs');
  setTimeout(function () {
    __probe = { escaped: hits.length > 0, detail: (hits.length ? hits.join('; ') + ' | ' : '') + notes.join('; ') + '; ' + refusals + ' refusals heard (a request the server counted fails the probe whatever this says)' };
  }, 300);
  __probe = { escaped: hits.length > 0, detail: (hits.length ? hits.join('; ') + ' | ' : '') + 'the last turn did not run' };
}
