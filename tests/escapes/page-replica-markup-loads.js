// probe: markup and attributes that run code or load from the test server, written into the replica so that the page gets them: scripts, handlers, frames, styles with url(), srcset, poster, forms, meta refresh, base, SVG hrefs
// category: page-replica
// applies: -
// expect: stopped
// note: no layer alone: a page replica is a userscript's, made with every layer on; without one the probe reports "no replica".
// Why it could escape: the replica's changes are applied to the real page; one that runs code there or makes the page request a URL is the page's power, which the script was never given (any request the server counts fails the probe).
var __probe;
if (typeof document !== 'object' || document === null || typeof document.createElement !== 'function') {
  __probe = { escaped: false, detail: 'no replica' };
} else {
  var notes = [];
  var base = (typeof testServer === 'string' ? testServer : 'http://127.0.0.1:9') + '/probe/page-replica-markup-loads.js';
  var n = 0;
  function url() { n++; return base + '?' + n; }
  // In the page, this text would make a request the server counts.
  function code() { return "new Image().src='" + url() + "'"; }
  var host = document.createElement('div');
  document.body.appendChild(host);
  var markup = [
    '<script>' + code() + '</script>',
    '<script src="' + url() + '"></script>',
    '<img src="' + url() + '">',
    '<img src="data:," srcset="' + url() + ' 2x">',
    '<img src="x:" onerror="' + code() + '">',
    '<iframe src="' + url() + '"></iframe>',
    '<iframe srcdoc="<img src=' + url() + '>"></iframe>',
    '<object data="' + url() + '"></object>',
    '<embed src="' + url() + '">',
    '<video poster="' + url() + '"></video>',
    '<audio src="' + url() + '" autoplay></audio>',
    '<video><source src="' + url() + '"></video>',
    '<link rel="stylesheet" href="' + url() + '">',
    '<link rel="prefetch" href="' + url() + '">',
    '<style>@import url(' + url() + '); body { background: url(' + url() + '); }</style>',
    '<div style="background-image: url(' + url() + ')">x</div>',
    '<div style="background-image: u\\72l(' + url() + ')">x</div>',
    '<input type="image" src="' + url() + '">',
    '<a href="javascript:' + code() + '" id="js-link">x</a>',
    '<a ping="' + url() + '" href="#p" id="ping-link">x</a>',
    '<meta http-equiv="refresh" content="0;url=' + url() + '">',
    '<base href="' + url() + '/">',
    '<svg><image href="' + url() + '"></image><use href="' + url() + '#a"></use><script>' + code() + '</script></svg>',
    '<svg><a href="javascript:' + code() + '"><text>x</text></a></svg>',
    '<form action="' + url() + '" method="post" id="f"><input name="a" value="b"><button id="fb">go</button></form>',
    '<details open ontoggle="' + code() + '"></details>',
    '<body onload="' + code() + '">',
    '<math><mi xlink:href="' + url() + '">x</mi></math>',
  ];
  for (var i = 0; i < markup.length; i++) {
    try { host.insertAdjacentHTML('beforeend', markup[i]); } catch (e) { notes.push('markup ' + i + ' threw ' + e.name); }
  }
  var made = {
    script: function () { var s = document.createElement('script'); s.textContent = code(); host.appendChild(s); },
    'script src': function () { var s = document.createElement('script'); s.src = url(); host.appendChild(s); },
    'img src property': function () { var im = document.createElement('img'); im.src = url(); host.appendChild(im); },
    'style property': function () { host.style.backgroundImage = 'url(' + url() + ')'; },
    'style cssText': function () { host.style.cssText = 'background: url(' + url() + ')'; },
    'a link clicked': function () { var a = document.getElementById('js-link'); if (a) a.click(); },
    'a ping clicked': function () { var a = document.getElementById('ping-link'); if (a) a.click(); },
    'form submitted': function () { var f = document.getElementById('f'); if (f && f.submit) f.submit(); if (f && f.requestSubmit) f.requestSubmit(); },
    'form button clicked': function () { var b = document.getElementById('fb'); if (b) b.click(); },
    'a text node moved into a style': function () { var st = document.createElement('style'); host.appendChild(st); st.appendChild(document.createTextNode('p { background: url(' + url() + ') }')); },
    'an attribute set on <html>': function () { document.documentElement.setAttribute('style', 'background: url(' + url() + ')'); },
    'a <link> put in <head>': function () { var l = document.createElement('link'); l.rel = 'stylesheet'; l.href = url(); document.head.appendChild(l); },
    'outerHTML of the host': function () { var d = document.createElement('div'); host.appendChild(d); d.outerHTML = '<img src="' + url() + '">'; },
  };
  for (var k in made) {
    try { made[k](); } catch (e) { notes.push(k + ': ' + e.name + ': ' + String(e.message).slice(0, 60)); }
  }
  notes.push(n + ' URLs written');
  // A later turn, after the page applied (or refused) the first batch: the replica, corrected,
  // is read again and written again.
  setTimeout(function () {
    try {
      var imgs = document.getElementsByTagName('img');
      for (var j = 0; j < imgs.length; j++) imgs[j].setAttribute('src', url());
      notes.push('second turn: ' + imgs.length + ' images');
    } catch (e) { notes.push('second turn threw ' + e.name); }
    __probe = { escaped: false, detail: notes.join('; ') + ' (a request the server counted fails the probe whatever this says)' };
  }, 200);
  __probe = { escaped: false, detail: 'the second turn did not run' };
}
