// fidelity: the web platform's pure APIs as browsers give them: TextEncoder/TextDecoder, atob/btoa, URL and URLSearchParams, structuredClone, crypto's random values, performance.now() and requestAnimationFrame
// expect: {"bytes":[104,195,169,240,159,152,128],"text":"hé😀","fatal":"TypeError","b64":"aGVsbG8gd29ybGQ=","unb64":"hello world","badB64":"InvalidCharacterError","url":"https://a.example/p/b?q=1&r=two#h","host":"a.example","origin":"https://a.example","params":"a=1&b=x+y&c=%C3%A9","sorted":"a=1&b=2&b=0&c=3","get":"2","clone":{"map":[[1,{"a":[1,2]}]],"date":true,"cycle":true,"set":[3],"fnError":"DataCloneError"},"random":[16,true],"uuid":true,"perf":["number",true,true],"frame":[true,true]}
var __result;
(function () {
  var out = {};
  var bytes = new TextEncoder().encode('hé😀');
  out.bytes = Array.from(bytes);
  out.text = new TextDecoder().decode(bytes);
  try { new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array([0xff])); out.fatal = 'no error'; } catch (e) { out.fatal = e.name; }
  out.b64 = btoa('hello world');
  out.unb64 = atob(out.b64);
  try { atob('*'); out.badB64 = 'no error'; } catch (e) { out.badB64 = e.name; }
  var u = new URL('../b?q=1#h', 'https://a.example/p/c/d');
  u.searchParams.append('r', 'two');
  out.url = u.href;
  out.host = u.host;
  out.origin = u.origin;
  var p = new URLSearchParams({ a: '1', b: 'x y' });
  p.append('c', 'é');
  out.params = p.toString();
  var s = new URLSearchParams('c=3&b=2&a=1&b=0');
  s.sort();
  out.sorted = s.toString();
  out.get = s.get('b');
  var obj = { a: [1, 2] };
  var cyclic = { name: 'c' };
  cyclic.self = cyclic;
  var copy = structuredClone({ map: new Map([[1, obj]]), date: new Date(0), cycle: cyclic, set: new Set([3]) });
  var fnError;
  try { structuredClone(function () {}); fnError = 'no error'; } catch (e) { fnError = e.name; }
  out.clone = { map: Array.from(copy.map), date: copy.date instanceof Date && copy.date.getTime() === 0, cycle: copy.cycle.self === copy.cycle && copy.cycle !== cyclic, set: Array.from(copy.set), fnError: fnError };
  var r = crypto.getRandomValues(new Uint8Array(16));
  out.random = [r.length, r.some(function (b) { return b !== 0; }) || crypto.getRandomValues(new Uint8Array(16)).some(function (b) { return b !== 0; })];
  out.uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(crypto.randomUUID());
  var t = performance.now();
  out.perf = [typeof t, t >= 0, Math.abs(performance.timeOrigin + t - Date.now()) < 1000];
  requestAnimationFrame(function (stamp) {
    out.frame = [typeof stamp === 'number', stamp >= t];
    __result = out;
  });
})();
