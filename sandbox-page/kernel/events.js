'use strict';
// Threat: libraries use EventTarget, Event and AbortController as plain plumbing (emitters,
// cancellation), and the worker's own carry what the sandbox must not give: an Event's
// `timeStamp` is real high-resolution time, and `AbortSignal.timeout` a real timer whose abort
// lands in a task of the engine's, outside the kernel's turns; the scrub also empties the real
// global's chain, EventTarget.prototype included. Defence: the five classes are written here,
// after the DOM standard's algorithms, over state kept in private fields (nothing a script can
// patch, read or forge; a brand check on every entry):
// 1. `timeStamp` is the virtual `performance.now()` at the event's creation.
// 2. `AbortSignal.timeout` is a virtual timer of the clock (clock.js), exact in virtual time.
// 3. Dispatch is synchronous, inside the turn that asked for it; a listener that throws is
//    reported as uncaught, as a browser reports it, and the next listener still runs.
// 4. Nothing here holds a capability: listeners are the script's own functions, called with the
//    target as `this`; the only error type made here is the realm's DOMException.
// A target here has no tree: it is its whole path (its capturing listeners, then the others,
// both AT_TARGET), as any target outside a document is. A userscript's DOM replica brings the
// Event and EventTarget of its nodes.
// Spec: DOM §2 (events), §3 (aborting ongoing activities), HTML §8.1.8 (event handlers),
// WebIDL §3.7 (interfaces: enumerable members, constants).

/**
 * @param {any} c captured commons
 * @param {{ now: () => number, setTimeout: Function, uncaught(error: unknown): void }} hooks the
 *   virtual `performance.now()`, the clock's timer stand-in, the console's report of a throw
 */
function makeEvents(c, hooks) {
  const DOMException = c.global.DOMException;
  if (typeof DOMException !== 'function') throw c.construct(c.Error, ['kernel: this worker lacks DOMException']);
  const typeError = (message) => c.construct(c.TypeError, [message]);
  const illegal = () => typeError('Illegal invocation');
  const needs = (what, count, given) => {
    if (given < count) throw typeError(`Failed to execute '${what}': ${count} argument${count > 1 ? 's' : ''} required, but only ${given} present.`);
  };
  const phase = { __proto__: null, NONE: 0, CAPTURING_PHASE: 1, AT_TARGET: 2, BUBBLING_PHASE: 3 };
  const phaseNames = ['NONE', 'CAPTURING_PHASE', 'AT_TARGET', 'BUBBLING_PHASE'];
  const maxSafe = c.Number.MAX_SAFE_INTEGER;

  // Lists are null-prototype records with a length: no inherited index setter is ever reached.
  const list = () => ({ __proto__: null, length: 0 });
  const push = (l, value) => { l[l.length] = value; l.length += 1; };
  const remove = (l, value) => {
    let j = 0;
    for (let i = 0; i < l.length; i++) if (l[i] !== value) l[j++] = l[i];
    for (let i = j; i < l.length; i++) l[i] = undefined;
    l.length = j;
  };
  const includes = (l, value) => {
    for (let i = 0; i < l.length; i++) if (l[i] === value) return true;
    return false;
  };
  // WebIDL's DOMString: a symbol throws, as a template literal's conversion does.
  const domString = (value) => `${value}`;
  const dictionary = (value, what) => {
    if (value === undefined || value === null) return undefined;
    if (!c.isObject(value)) throw typeError(`Failed to construct '${what}': The provided value is not of type '${what}Init'.`);
    return value;
  };

  // ---- Event and CustomEvent ----
  let eventState;
  const isTrustedGetter = c.getOwnPropertyDescriptor({ get isTrusted() { return eventOf(this).trusted; } }, 'isTrusted').get;
  const eventOf = (event) => {
    const s = eventState(event);
    if (s === undefined) throw illegal();
    return s;
  };
  const cancel = (s) => { if (s.cancelable && !s.inPassive) s.canceled = true; };

  class Event {
    #s;
    static { eventState = (e) => (c.isObject(e) && #s in e ? e.#s : undefined); }
    constructor(type, eventInitDict = undefined) {
      needs("construct 'Event'", 1, arguments.length);
      const s = newEventState(domString(type), dictionary(eventInitDict, 'Event'));
      this.#s = s;
      // `isTrusted` is [LegacyUnforgeable]: an own accessor of every event.
      c.defineProperty(this, 'isTrusted', { __proto__: null, get: isTrustedGetter, enumerable: true, configurable: false });
    }
    get type() { return eventOf(this).type; }
    get target() { return eventOf(this).target; }
    get srcElement() { return eventOf(this).target; }
    get currentTarget() { return eventOf(this).currentTarget; }
    composedPath() {
      const s = eventOf(this);
      return s.currentTarget === null ? [] : [s.currentTarget];
    }
    get eventPhase() { return eventOf(this).phase; }
    stopPropagation() { eventOf(this).stop = true; }
    get cancelBubble() { return eventOf(this).stop; }
    set cancelBubble(value) { const s = eventOf(this); if (value) s.stop = true; }
    stopImmediatePropagation() { const s = eventOf(this); s.stop = true; s.stopImmediate = true; }
    get bubbles() { return eventOf(this).bubbles; }
    get cancelable() { return eventOf(this).cancelable; }
    get returnValue() { return !eventOf(this).canceled; }
    set returnValue(value) { const s = eventOf(this); if (!value) cancel(s); }
    preventDefault() { cancel(eventOf(this)); }
    get defaultPrevented() { return eventOf(this).canceled; }
    get composed() { return eventOf(this).composed; }
    get timeStamp() { return eventOf(this).timeStamp; }
    initEvent(type, bubbles = false, cancelable = false) {
      const s = eventOf(this);
      needs("execute 'initEvent' on 'Event'", 1, arguments.length);
      const t = domString(type);
      if (s.dispatching) return;
      reinitialize(s, t, bubbles, cancelable);
    }
  }
  const newEventState = (type, init) => {
    const s = {
      __proto__: null, type, bubbles: false, cancelable: false, composed: false, detail: null, custom: false,
      target: null, currentTarget: null, phase: phase.NONE, stop: false, stopImmediate: false, canceled: false,
      inPassive: false, dispatching: false, trusted: false, timeStamp: hooks.now(),
    };
    // Dictionary members in WebIDL's order (lexicographic).
    if (init !== undefined) {
      s.bubbles = !!init.bubbles;
      s.cancelable = !!init.cancelable;
      s.composed = !!init.composed;
    }
    return s;
  };
  const reinitialize = (s, type, bubbles, cancelable) => {
    s.stop = false; s.stopImmediate = false; s.canceled = false; s.trusted = false; s.target = null;
    s.type = type; s.bubbles = !!bubbles; s.cancelable = !!cancelable;
  };

  class CustomEvent extends Event {
    constructor(type, eventInitDict = undefined) {
      needs("construct 'CustomEvent'", 1, arguments.length);
      const init = dictionary(eventInitDict, 'CustomEvent');
      super(type, init);
      const s = eventOf(this);
      s.custom = true;
      if (init !== undefined) { const detail = init.detail; s.detail = detail === undefined ? null : detail; }
    }
    get detail() { const s = eventOf(this); if (!s.custom) throw illegal(); return s.detail; }
    initCustomEvent(type, bubbles = false, cancelable = false, detail = null) {
      const s = eventOf(this);
      if (!s.custom) throw illegal();
      needs("execute 'initCustomEvent' on 'CustomEvent'", 1, arguments.length);
      const t = domString(type);
      if (s.dispatching) return;
      reinitialize(s, t, bubbles, cancelable);
      s.detail = detail;
    }
  }

  // ---- EventTarget ----
  let listenersState;
  const listenersOf = (target) => {
    const l = listenersState(target);
    if (l === undefined) throw illegal();
    return l;
  };
  const callbackOf = (callback, what) => {
    if (callback === undefined || callback === null) return null;
    if (!c.isObject(callback)) throw typeError(`Failed to execute '${what}' on 'EventTarget': parameter 2 is not of type 'Object'.`);
    return callback;
  };
  // (AddEventListenerOptions or boolean), members read in WebIDL's order.
  const flatten = (options, more) => {
    const out = { __proto__: null, capture: false, once: false, passive: false, signal: null };
    if (options === undefined || options === null) return out;
    if (!c.isObject(options)) { out.capture = !!options; return out; }
    out.capture = !!options.capture;
    if (!more) return out;
    out.once = !!options.once;
    out.passive = !!options.passive;
    const signal = options.signal;
    if (signal !== undefined) {
      if (signalState(signal) === undefined) throw typeError("Failed to read the 'signal' property from 'AddEventListenerOptions': Failed to convert value to 'AbortSignal'.");
      out.signal = signal;
    }
    return out;
  };
  const dropListener = (listeners, entry) => { entry.removed = true; remove(listeners, entry); };
  const addListener = (listeners, entry) => {
    for (let i = 0; i < listeners.length; i++) {
      const l = listeners[i];
      if (l.type === entry.type && l.callback === entry.callback && l.capture === entry.capture) return false;
    }
    push(listeners, entry);
    return true;
  };
  const call = (callback, target, event) => {
    try {
      if (typeof callback === 'function') {
        c.apply(callback, target, [event]);
      } else {
        const handle = c.get(callback, 'handleEvent');
        if (typeof handle !== 'function') throw typeError("The provided callback's 'handleEvent' property is not callable.");
        c.apply(handle, callback, [event]);
      }
    } catch (error) {
      hooks.uncaught(error);
    }
  };
  // "Invoke" of DOM §2.9 for a path of one: the listeners as they were when it began.
  const invoke = (target, listeners, event, s, capturing) => {
    if (s.stop) return;
    s.phase = phase.AT_TARGET;
    s.currentTarget = target;
    const n = listeners.length;
    const copy = c.create(null);
    for (let i = 0; i < n; i++) copy[i] = listeners[i];
    for (let i = 0; i < n; i++) {
      const l = copy[i];
      if (l.removed || l.type !== s.type || l.capture !== capturing) continue;
      if (l.once) dropListener(listeners, l);
      if (l.passive) s.inPassive = true;
      call(l.callback, target, event);
      s.inPassive = false;
      if (s.stopImmediate) break;
    }
  };
  const dispatch = (target, listeners, event, s) => {
    s.dispatching = true;
    s.target = target;
    try {
      invoke(target, listeners, event, s, true);
      invoke(target, listeners, event, s, false);
    } finally {
      s.phase = phase.NONE;
      s.currentTarget = null;
      s.dispatching = false;
      s.stop = false;
      s.stopImmediate = false;
    }
    return !s.canceled;
  };

  class EventTarget {
    #listeners = list();
    static { listenersState = (t) => (c.isObject(t) && #listeners in t ? t.#listeners : undefined); }
    addEventListener(type, callback, options = undefined) {
      const listeners = listenersOf(this);
      needs("execute 'addEventListener' on 'EventTarget'", 2, arguments.length);
      const t = domString(type);
      const cb = callbackOf(callback, 'addEventListener');
      const o = flatten(options, true);
      if (o.signal !== null && signalState(o.signal).aborted) return;
      if (cb === null) return;
      const entry = { __proto__: null, type: t, callback: cb, capture: o.capture, passive: o.passive, once: o.once, removed: false };
      if (addListener(listeners, entry) && o.signal !== null) push(signalState(o.signal).algorithms, () => dropListener(listeners, entry));
    }
    removeEventListener(type, callback, options = undefined) {
      const listeners = listenersOf(this);
      needs("execute 'removeEventListener' on 'EventTarget'", 2, arguments.length);
      const t = domString(type);
      const cb = callbackOf(callback, 'removeEventListener');
      const capture = flatten(options, false).capture;
      for (let i = 0; i < listeners.length; i++) {
        const l = listeners[i];
        if (l.type === t && l.callback === cb && l.capture === capture) { dropListener(listeners, l); return; }
      }
    }
    dispatchEvent(event) {
      const listeners = listenersOf(this);
      needs("execute 'dispatchEvent' on 'EventTarget'", 1, arguments.length);
      const s = eventState(event);
      if (s === undefined) throw typeError("Failed to execute 'dispatchEvent' on 'EventTarget': parameter 1 is not of type 'Event'.");
      if (s.dispatching) throw c.construct(DOMException, ["Failed to execute 'dispatchEvent' on 'EventTarget': The event is already being dispatched.", 'InvalidStateError']);
      s.trusted = false;
      return dispatch(this, listeners, event, s);
    }
  }

  // ---- AbortSignal and AbortController ----
  // Only the kernel makes signals: the constructor is illegal to anyone without this key.
  const key = c.create(null);
  let signalState;
  const signalOf = (signal) => {
    const a = signalState(signal);
    if (a === undefined) throw illegal();
    return a;
  };
  const makeSignal = () => c.construct(AbortSignal, [key]);
  const fire = (target, type) => {
    const event = c.construct(Event, [type]);
    const s = eventState(event);
    s.trusted = true;
    dispatch(target, listenersState(target), event, s);
  };
  /** An abort's reason: the one given, or the standard's AbortError. */
  const abortReason = (reason) => (reason === undefined ? c.construct(DOMException, ['signal is aborted without reason', 'AbortError']) : reason);
  // "Signal abort" (DOM §3.2): the dependents are marked first, then each runs its abort steps.
  const signalAbort = (signal, reason) => {
    const a = signalOf(signal);
    if (a.aborted) return;
    a.aborted = true;
    a.reason = abortReason(reason);
    const toAbort = list();
    for (let i = 0; i < a.dependents.length; i++) {
      const d = signalOf(a.dependents[i]);
      if (!d.aborted) { d.aborted = true; d.reason = a.reason; push(toAbort, a.dependents[i]); }
    }
    abortSteps(signal, a);
    for (let i = 0; i < toAbort.length; i++) abortSteps(toAbort[i], signalOf(toAbort[i]));
  };
  const abortSteps = (signal, a) => {
    const algorithms = a.algorithms;
    a.algorithms = list();
    for (let i = 0; i < algorithms.length; i++) c.apply(algorithms[i], undefined, []);
    fire(signal, 'abort');
  };
  // `[EnforceRange] unsigned long long`: a finite number, truncated, within 0..2^53-1.
  const enforceRange = (value, what) => {
    const x = +value;
    if (x !== x || x === Infinity || x === -Infinity) throw typeError(`Failed to execute '${what}': Value is not a finite number.`);
    const t = x < 0 ? -c.mathFloor(-x) : c.mathFloor(x);
    if (t < 0 || t > maxSafe) throw typeError(`Failed to execute '${what}': Value is outside the 'unsigned long long' value range.`);
    return t === 0 ? 0 : t;
  };
  // `sequence<AbortSignal>`: the iterable's own protocol, each value brand-checked.
  const signalsOf = (signals) => {
    const bad = () => typeError("Failed to execute 'any' on 'AbortSignal': The provided value cannot be converted to a sequence.");
    if (!c.isObject(signals)) throw bad();
    const method = signals[c.symbolIterator];
    if (typeof method !== 'function') throw bad();
    const iterator = c.apply(method, signals, []);
    if (!c.isObject(iterator)) throw bad();
    const next = iterator.next;
    const out = list();
    for (;;) {
      const step = c.apply(next, iterator, []);
      if (!c.isObject(step)) throw bad();
      if (step.done) return out;
      const value = step.value;
      if (signalState(value) === undefined) throw typeError("Failed to execute 'any' on 'AbortSignal': Failed to convert value to 'AbortSignal'.");
      push(out, value);
    }
  };
  const depend = (result, r, source) => {
    if (!includes(r.sources, source)) push(r.sources, source);
    const s = signalOf(source);
    if (!includes(s.dependents, result)) push(s.dependents, result);
  };

  class AbortSignal extends EventTarget {
    #a;
    static { signalState = (x) => (c.isObject(x) && #a in x ? x.#a : undefined); }
    constructor(token = undefined) {
      if (token !== key) throw typeError('Illegal constructor');
      super();
      this.#a = {
        __proto__: null, aborted: false, reason: undefined, algorithms: list(), sources: list(), dependents: list(),
        dependent: false, handler: null, handlerEntry: null,
      };
    }
    static abort(reason = undefined) {
      const signal = makeSignal();
      const a = signalOf(signal);
      a.aborted = true;
      a.reason = abortReason(reason);
      return signal;
    }
    static timeout(milliseconds) {
      needs("execute 'timeout' on 'AbortSignal'", 1, arguments.length);
      const ms = enforceRange(milliseconds, "timeout' on 'AbortSignal");
      const signal = makeSignal();
      hooks.setTimeout(() => { signalAbort(signal, c.construct(DOMException, ['signal timed out', 'TimeoutError'])); }, ms);
      return signal;
    }
    static any(signals) {
      needs("execute 'any' on 'AbortSignal'", 1, arguments.length);
      const all = signalsOf(signals);
      const result = makeSignal();
      const r = signalOf(result);
      for (let i = 0; i < all.length; i++) {
        const a = signalOf(all[i]);
        if (a.aborted) { r.aborted = true; r.reason = a.reason; return result; }
      }
      r.dependent = true;
      for (let i = 0; i < all.length; i++) {
        const a = signalOf(all[i]);
        if (!a.dependent) depend(result, r, all[i]);
        else for (let j = 0; j < a.sources.length; j++) depend(result, r, a.sources[j]);
      }
      return result;
    }
    get aborted() { return signalOf(this).aborted; }
    get reason() { return signalOf(this).reason; }
    throwIfAborted() {
      const a = signalOf(this);
      if (a.aborted) throw a.reason;
    }
    // An event handler (HTML §8.1.8.1): its listener joins the list when first set and leaves
    // it when set to null; a value that is no object counts as null.
    get onabort() { return signalOf(this).handler; }
    set onabort(value) {
      const a = signalOf(this);
      const listeners = listenersOf(this);
      const handler = c.isObject(value) ? value : null;
      a.handler = handler;
      if (handler === null) {
        if (a.handlerEntry !== null) { dropListener(listeners, a.handlerEntry); a.handlerEntry = null; }
        return;
      }
      if (a.handlerEntry !== null) return;
      const callback = function (event) {
        const h = a.handler;
        if (typeof h === 'function') c.apply(h, this, [event]);
      };
      a.handlerEntry = { __proto__: null, type: 'abort', callback, capture: false, passive: false, once: false, removed: false };
      push(listeners, a.handlerEntry);
    }
  }

  let controllerSignal;
  const controllerOf = (controller) => {
    const signal = controllerSignal(controller);
    if (signal === undefined) throw illegal();
    return signal;
  };
  class AbortController {
    #signal;
    static { controllerSignal = (x) => (c.isObject(x) && #signal in x ? x.#signal : undefined); }
    constructor() { this.#signal = makeSignal(); }
    get signal() { return controllerOf(this); }
    abort(reason = undefined) { signalAbort(controllerOf(this), reason); }
  }

  // WebIDL's shapes: members enumerable, constants on the interface and its prototype, a tag.
  const shape = (Interface, statics) => {
    const proto = Interface.prototype;
    const keys = c.getOwnPropertyNames(proto);
    for (let i = 0; i < keys.length; i++) {
      if (keys[i] !== 'constructor') c.defineProperty(proto, keys[i], { __proto__: null, enumerable: true });
    }
    for (let i = 0; i < statics.length; i++) c.defineProperty(Interface, statics[i], { __proto__: null, enumerable: true });
    c.defineProperty(proto, c.Symbol.toStringTag, { __proto__: null, value: Interface.name, writable: false, enumerable: false, configurable: true });
  };
  shape(Event, []);
  shape(CustomEvent, []);
  shape(EventTarget, []);
  shape(AbortSignal, ['abort', 'timeout', 'any']);
  shape(AbortController, []);
  for (let i = 0; i < phaseNames.length; i++) {
    const constant = { __proto__: null, value: phase[phaseNames[i]], writable: false, enumerable: true, configurable: false };
    c.defineProperty(Event, phaseNames[i], constant);
    c.defineProperty(Event.prototype, phaseNames[i], constant);
  }

  return c.freeze({
    __proto__: null,
    standIns: c.freeze({ __proto__: null, EventTarget, Event, CustomEvent, AbortController, AbortSignal }),
  });
}
