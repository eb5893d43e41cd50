// probe: handler attributes and properties on replica elements (`onclick`, `onerror`, `onload`), read back and fired: does the DOM library compile their text unvetted?
// category: page-replica
// applies: -
// expect: stopped
// note: no layer alone: a page replica is a userscript's, made with every layer on; without one the probe reports "no replica".
// Why it could escape: DOM libraries compile a handler attribute's text with `new Function` (domino inside `with` blocks); a compiler captured before the sandbox replaced its own would run the text unvetted.
var __probe;
if (typeof document !== 'object' || document === null || typeof document.createElement !== 'function') {
  __probe = { escaped: false, detail: 'no replica' };
} else {
  var hits = [];
  var notes = [];
  Object.defineProperty(Object.prototype, '__probeHit', { value: function (how) { hits.push(String(how)); }, configurable: true, writable: true });
  // Code that names a reserved identifier: it runs only if something compiled it unvetted.
  var PAYLOAD = "var __paranoid_probe_marker = 1; ({}).__probeHit('handler text ran');";
  Object.defineProperty(Object.prototype, '__probeNote', { value: function (how) { notes.push(String(how)); }, configurable: true, writable: true });
  var tries = {
    // The control: text without reserved names, which vetting lets run (inside the sandbox).
    'a plain handler attribute': function () {
      var p = document.createElement('p');
      p.setAttribute('onclick', "({}).__probeNote('the plain handler ran, vetted')");
      p.dispatchEvent(new Event('click'));
    },
    'setAttribute onclick, read back': function () {
      var b = document.createElement('button');
      b.setAttribute('onclick', PAYLOAD);
      document.body.appendChild(b);
      var h = b.onclick;
      notes.push('onclick is ' + typeof h);
      if (typeof h === 'function') h.call(b, new Event('click'));
      b.click();
    },
    'onerror on an img made by innerHTML': function () {
      var d = document.createElement('div');
      d.innerHTML = '<img src="x:" onerror="' + PAYLOAD.replace(/"/g, '&quot;') + '">';
      document.body.appendChild(d);
      var img = d.firstChild;
      if (img && typeof img.onerror === 'function') img.onerror(new Event('error'));
      if (img) img.dispatchEvent(new Event('error'));
    },
    'onload on body, dispatched': function () {
      document.body.setAttribute('onload', PAYLOAD);
      if (typeof document.body.onload === 'function') document.body.onload(new Event('load'));
      document.body.dispatchEvent(new Event('load'));
    },
    'a string assigned to a handler property': function () {
      var s = document.createElement('span');
      s.onclick = PAYLOAD;
      notes.push('onclick after a string: ' + typeof s.onclick);
      document.body.appendChild(s);
      s.dispatchEvent(new Event('click'));
    },
    'svg onload': function () {
      var d = document.createElement('div');
      d.innerHTML = '<svg onload="' + PAYLOAD.replace(/"/g, '&quot;') + '"></svg>';
      var svg = d.firstChild;
      if (svg && typeof svg.onload === 'function') svg.onload(new Event('load'));
      if (svg) svg.dispatchEvent(new Event('load'));
    },
  };
  for (var name in tries) {
    try { tries[name](); notes.push(name + ': no error'); } catch (e) { notes.push(name + ': ' + e.name + ': ' + String(e.message).slice(0, 80)); }
  }
  __probe = { escaped: hits.length > 0, detail: (hits.length ? 'ran: ' + hits.join(', ') + ' | ' : '') + notes.join('; ') };
}
