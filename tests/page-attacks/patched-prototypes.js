// Patches, in the page's world, everything a content script might call to build or reach its
// host, and records any call that hands over something of ours.
const looksOurs = (v) => {
  try {
    if (v instanceof MessagePort) return true;
    if (v instanceof HTMLIFrameElement) return true;
    if (v instanceof ShadowRoot) return true;
    const s = String(v);
    return /-extension:\/\/|sandbox\.html|paranoid/i.test(s);
  } catch { return false; }
};
const wrap = (proto, key) => {
  const d = Object.getOwnPropertyDescriptor(proto, key);
  if (!d) return;
  if (typeof d.value === 'function') {
    const orig = d.value;
    Object.defineProperty(proto, key, { ...d, value: function (...args) {
      const out = Reflect.apply(orig, this, args);
      if ([this, out, ...args].some(looksOurs)) __seen.got(`a call to ${key} touched our objects`, String(args[0]).slice(0, 200));
      return out;
    } });
  } else if (d.set) {
    const set = d.set;
    Object.defineProperty(proto, key, { ...d, set(v) { if (looksOurs(v) || looksOurs(this)) __seen.got(`a set of ${key} touched our objects`, String(v).slice(0, 200)); return Reflect.apply(set, this, [v]); } });
  }
};
for (const [proto, keys] of [
  [Element.prototype, ['attachShadow', 'setAttribute', 'append', 'remove']],
  [Document.prototype, ['createElement', 'createElementNS', 'importNode', 'adoptNode']],
  [Node.prototype, ['appendChild', 'insertBefore', 'replaceChild', 'removeChild', 'cloneNode']],
  [EventTarget.prototype, ['addEventListener', 'dispatchEvent', 'removeEventListener']],
  [HTMLIFrameElement.prototype, ['src', 'srcdoc', 'name']],
  [MessagePort.prototype, ['postMessage', 'start']],
  [window, ['postMessage']],
  [MutationObserver.prototype, ['observe']],
]) for (const key of keys) wrap(proto, key);
const RealCustomEvent = window.CustomEvent;
window.CustomEvent = function (type, init) {
  if (looksOurs(init && init.detail)) __seen.got('a CustomEvent carried our objects', type);
  return new RealCustomEvent(type, init);
};
window.CustomEvent.prototype = RealCustomEvent.prototype;
const RealMessageChannel = window.MessageChannel;
window.MessageChannel = function () {
  const c = new RealMessageChannel();
  __seen.note('a MessageChannel was made in the page world');
  return c;
};
