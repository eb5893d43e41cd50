'use strict';
// The sandbox frame: an opaque-origin page (layer 1) that accepts exactly one init message from
// its parent and then speaks only through that message's port; the worker and its watchdog are
// `worker-driver.js`.
// 1. Capture what the frame needs, then scrub the frame's own globals (the design's second line:
//    the frame never runs untrusted code, but nothing is left lying around) with the kernel's
//    scrub (kernel/scrub.js), keeping the policy's undeletable globals and what a window cannot
//    delete from itself (`frameUnforgeable`, exempt from the blocklist check).
// 2. Init: the first message whose source is the parent, which carries the host key of the URL's
//    hash (`#FRAMEKEY.HOSTKEY`, both made fresh by the content script) and exactly one
//    MessagePort. Every later window message is ignored. The `hello` then carries the frame key
//    back over that port: the content script sends nothing before it has seen it, so a page that
//    put its own document in this frame's place learns nothing (content/sandbox-host.js).
(() => {
  const g = globalThis;
  // Local bindings shadow the globals the scrub below deletes, so later code keeps working.
  const { Reflect, Object, Error, EventTarget } = g;
  const apply = Reflect.apply;
  const policy = g.paranoidPolicy();
  const scrubGlobal = g.paranoidScrubGlobal;
  if (typeof scrubGlobal !== 'function') throw new Error('the frame has no scrub: nothing is accepted');
  // What the scrub calls: it runs once, here, before anything else could have run.
  const commons = {
    __proto__: null,
    create: Object.create,
    defineProperty: Object.defineProperty,
    getOwnPropertyDescriptor: Object.getOwnPropertyDescriptor,
    getPrototypeOf: Object.getPrototypeOf,
    ObjectPrototype: Object.prototype,
    ownKeys: Reflect.ownKeys,
    deleteProperty: Reflect.deleteProperty,
    has: Reflect.has,
  };
  const parentWindow = g.parent;
  const [frameKey = '', hostKey = ''] = g.location.hash.slice(1).split('.');
  const addListener = EventTarget.prototype.addEventListener;
  const removeListener = EventTarget.prototype.removeEventListener;
  const ErrorCtor = Error;

  let port = null;
  const driver = g.paranoidWorkerDriver({
    kernel: g.paranoidKernel,
    policy,
    send: (message) => { if (port !== null) port.postMessage(message); },
    watchdog: true,
  });

  // --- the one init message ---
  const onInit = (event) => {
    const data = event.data;
    if (port !== null || event.source !== parentWindow || data === null || typeof data !== 'object'
      || hostKey.length < 32 || frameKey.length < 32 || data.key !== hostKey || event.ports.length !== 1) return;
    port = event.ports[0];
    apply(removeListener, g, ['message', onInit]);
    port.onmessage = (e) => driver.fromHost(e.data);
    port.postMessage({ type: 'hello', key: frameKey });
  };
  apply(addListener, g, ['message', onInit]);

  // --- scrub the frame ---
  const keep = [...policy.undeletableGlobals, ...policy.frameUnforgeable];
  let failures;
  try {
    failures = scrubGlobal(commons, g, {
      keep,
      constants: [],
      mustBeGone: policy.mustBeGone.filter((name) => !keep.includes(name)),
    });
  } catch (error) {
    failures = [`the scrub threw ${error}`];
  }
  if (failures.length > 0) {
    // Fail closed: no port is ever accepted, so the host sees no `hello` and reports the frame broken.
    apply(removeListener, g, ['message', onInit]);
    throw new ErrorCtor(`the frame's scrub failed: ${failures.join('; ')}`);
  }
})();
