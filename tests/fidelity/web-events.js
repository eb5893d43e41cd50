// fidelity: DOM events and aborting as browsers give them: EventTarget listeners (capture first, once, passive, handleEvent, removal and addition during dispatch, immediate stop), Event and CustomEvent fields, AbortController, AbortSignal.abort/any/timeout and onabort, their shapes and errors
// expect: ["fresh ping true true false 0   false false true 0","own keys isTrusted","constants 0 1 2 3 2","lengths 1 1 0 0 0","method lengths 2 1 1 1 0","tags [object Event] [object EventTarget] [object AbortController] [object CustomEvent]","enumerable true true false","capture 2 false","bubble 1 true true true 2 1 true","object true true false","dispatched false 0  true true 0","capture 2 true","bubble 1 true true true 2 1 true","object true true false","again no error","f","f","once","passive false","adds and removes","a1 true","f","f","passive false","adds and removes","late","a2 true","first","stopped true","cancelBubble before dispatch true false","returnValue true false","B","initEvent y true true","custom c 1 true true ","initCustomEvent d 7 false","subclass true true","signal false  true true","z with signal","abort event abort true false false true","onabort true function","reason AbortError string true true","throwIfAborted AbortError","given reason because","abort() true AbortError","abort(x) 42","any aborted two true","any of any aborted two","any after two one","any of aborted AbortError","any empty false","handler value function","handler kept its place","listener after handler","handler null ","errors TypeError TypeError TypeError TypeError TypeError TypeError TypeError TypeError TypeError TypeError TypeError TypeError TypeError TypeError TypeError no error","at 20 false","timeout TimeoutError true","at 40 true"]
// The expectation is what Firefox ESR's own classes give (run natively, every layer off), which is
// the DOM standard's; Chromium's own differ in two places, where the stand-ins follow the
// standard: at a target, capturing listeners run first (Chromium: in the order added), and an
// event whose propagation was stopped before its dispatch reaches no listener (Chromium calls
// the first). The timeout lines follow the standard's timer order.
var __result;
(function () {
  const trace = [];
  const log = (...parts) => trace.push(parts.map((p) => (typeof p === 'object' && p !== null ? Object.prototype.toString.call(p) : p)).join(' '));
  const errorName = (f) => { try { f(); return 'no error'; } catch (e) { return e.name; } };

  // An event's shape before, during and after dispatch.
  const t = new EventTarget();
  const e = new Event('ping', { bubbles: true, cancelable: true });
  log('fresh', e.type, e.bubbles, e.cancelable, e.composed, e.eventPhase, e.target, e.currentTarget, e.defaultPrevented, e.isTrusted, e.returnValue, e.composedPath().length);
  log('own keys', Object.keys(e).join(','));
  log('constants', Event.NONE, Event.CAPTURING_PHASE, Event.AT_TARGET, Event.BUBBLING_PHASE, e.AT_TARGET);
  log('lengths', Event.length, CustomEvent.length, EventTarget.length, AbortController.length, AbortSignal.length);
  log('method lengths', EventTarget.prototype.addEventListener.length, EventTarget.prototype.dispatchEvent.length, Event.prototype.initEvent.length, AbortSignal.timeout.length, AbortSignal.abort.length);
  log('tags', String(e), String(t), String(new AbortController()), String(new CustomEvent('x')));
  log('enumerable', Object.getOwnPropertyDescriptor(Event.prototype, 'type').enumerable, Object.getOwnPropertyDescriptor(EventTarget.prototype, 'addEventListener').enumerable, Object.getOwnPropertyDescriptor(Event, 'AT_TARGET').writable);
  t.addEventListener('ping', function (ev) {
    log('bubble 1', this === t, ev.target === t, ev.currentTarget === t, ev.eventPhase, ev.composedPath().length, ev.composedPath()[0] === t);
    ev.preventDefault();
  });
  t.addEventListener('ping', (ev) => log('capture', ev.eventPhase, ev.defaultPrevented), true);
  t.addEventListener('ping', { handleEvent(ev) { log('object', this !== t, ev.defaultPrevented, ev.returnValue); } });
  log('dispatched', t.dispatchEvent(e), e.eventPhase, e.currentTarget, e.target === t, e.defaultPrevented, e.composedPath().length);
  log('again', errorName(() => t.dispatchEvent(e)));

  // Duplicates, once, passive, removal and addition during a dispatch, immediate stop.
  const u = new EventTarget();
  const f = () => log('f');
  u.addEventListener('a', f);
  u.addEventListener('a', f);
  u.addEventListener('a', f, { capture: true });
  u.addEventListener('a', () => log('once'), { once: true });
  u.addEventListener('a', (ev) => { ev.preventDefault(); log('passive', ev.defaultPrevented); }, { passive: true });
  const late = () => log('late');
  const removed = () => log('removed, never');
  u.addEventListener('a', () => { log('adds and removes'); u.addEventListener('a', late); u.removeEventListener('a', removed); });
  u.addEventListener('a', removed);
  log('a1', u.dispatchEvent(new Event('a', { cancelable: true })));
  log('a2', u.dispatchEvent(new Event('a', { cancelable: true })));
  u.removeEventListener('a', f, true);
  u.removeEventListener('a', f, { capture: false });
  const s = new EventTarget();
  s.addEventListener('s', (ev) => { log('first'); ev.stopImmediatePropagation(); log('stopped', ev.cancelBubble); });
  s.addEventListener('s', () => log('second, never'));
  s.dispatchEvent(new Event('s'));
  const cb = new Event('s');
  cb.cancelBubble = true;
  log('cancelBubble before dispatch', s.dispatchEvent(cb), cb.cancelBubble);
  const rv = new Event('r', { cancelable: true });
  rv.returnValue = false;
  log('returnValue', rv.defaultPrevented, rv.returnValue);
  const other = new EventTarget();
  other.addEventListener('b', () => log('b, other type'));
  other.addEventListener('B', () => log('B'));
  other.dispatchEvent(new Event('B'));

  // initEvent and CustomEvent.
  const old = new Event('x');
  old.initEvent('y', true, true);
  log('initEvent', old.type, old.bubbles, old.cancelable);
  const ce = new CustomEvent('c', { detail: { n: 1 }, bubbles: true });
  log('custom', ce.type, ce.detail.n, ce.bubbles, ce instanceof Event, new CustomEvent('c').detail);
  ce.initCustomEvent('d', false, false, 7);
  log('initCustomEvent', ce.type, ce.detail, ce.bubbles);

  // Subclassing, as emitters in libraries do.
  class Emitter extends EventTarget { fire(type) { return this.dispatchEvent(new Event(type)); } }
  const em = new Emitter();
  em.addEventListener('go', (ev) => log('subclass', ev.target === em, em instanceof EventTarget));
  em.fire('go');

  // Aborting.
  const ac = new AbortController();
  const sig = ac.signal;
  log('signal', sig.aborted, sig.reason, sig === ac.signal, sig instanceof EventTarget);
  const target = new EventTarget();
  target.addEventListener('z', () => log('z with signal'), { signal: sig });
  sig.addEventListener('abort', (ev) => log('abort event', ev.type, ev.isTrusted, ev.bubbles, ev.cancelable, sig.aborted));
  sig.onabort = (ev) => log('onabort', ev.target === sig, typeof sig.onabort);
  target.dispatchEvent(new Event('z'));
  ac.abort();
  ac.abort('second, ignored');
  log('reason', sig.reason.name, typeof sig.reason.message, sig.reason instanceof Error, sig.reason instanceof DOMException);
  target.dispatchEvent(new Event('z'));
  log('throwIfAborted', errorName(() => sig.throwIfAborted()));
  const withReason = new AbortController();
  withReason.abort('because');
  log('given reason', withReason.signal.reason);
  target.addEventListener('z', () => log('never: aborted signal'), { signal: sig });
  target.dispatchEvent(new Event('z'));
  const pre = AbortSignal.abort();
  log('abort()', pre.aborted, pre.reason.name);
  log('abort(x)', AbortSignal.abort(42).reason);

  const a1 = new AbortController(), a2 = new AbortController();
  const any = AbortSignal.any([a1.signal, a2.signal]);
  const anyOfAny = AbortSignal.any([any]);
  any.addEventListener('abort', () => log('any aborted', any.reason, anyOfAny.aborted));
  anyOfAny.addEventListener('abort', () => log('any of any aborted', anyOfAny.reason));
  a2.abort('two');
  a1.abort('one');
  log('any after', any.reason, a1.signal.reason);
  log('any of aborted', AbortSignal.any([new AbortController().signal, pre]).reason.name);
  log('any empty', AbortSignal.any([]).aborted);

  const h = new AbortController();
  h.signal.onabort = () => log('handler replaced, never');
  h.signal.addEventListener('abort', () => log('listener after handler'));
  h.signal.onabort = () => log('handler kept its place');
  log('handler value', typeof h.signal.onabort);
  h.abort();
  const n = new AbortController();
  n.signal.onabort = () => log('handler removed, never');
  n.signal.onabort = null;
  n.signal.onabort = 5;
  log('handler null', n.signal.onabort);
  n.abort();

  // Errors.
  log('errors',
    errorName(() => new AbortSignal()),
    errorName(() => Event('x')),
    errorName(() => new Event()),
    errorName(() => new Event(Symbol('s'))),
    errorName(() => new Event('x', 5)),
    errorName(() => t.dispatchEvent({ type: 'x' })),
    errorName(() => t.addEventListener('x', 5)),
    errorName(() => t.addEventListener('x')),
    errorName(() => t.addEventListener('x', f, { signal: {} })),
    errorName(() => EventTarget.prototype.dispatchEvent.call({}, new Event('x'))),
    errorName(() => Object.getOwnPropertyDescriptor(Event.prototype, 'type').get.call({})),
    errorName(() => AbortSignal.timeout(-1)),
    errorName(() => AbortSignal.timeout(NaN)),
    errorName(() => AbortSignal.any([{}])),
    errorName(() => AbortSignal.any(5)),
    errorName(() => t.addEventListener('x', null)));

  // AbortSignal.timeout on the clock: aborted after its delay, not before a shorter timer.
  var timed = AbortSignal.timeout(30);
  timed.addEventListener('abort', function () { log('timeout', timed.reason.name, timed.reason instanceof DOMException); });
  setTimeout(function () { log('at 20', timed.aborted); }, 20);
  setTimeout(function () { log('at 40', timed.aborted); __result = trace; }, 40);
})();
