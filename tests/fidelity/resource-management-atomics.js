// fidelity: ES2026 explicit resource management's classes (DisposableStack disposes in reverse order, SuppressedError keeps both errors) and Atomics on an ordinary buffer, whose wait refuses it (checked by reasoning from the spec; Node here lacks the first)
// expect: [["used","deferred"],"SuppressedError","a","b",true,"function",5,"TypeError"]
var __result;
var log = [];
var s = new DisposableStack();
s.defer(function () { log.push('deferred'); });
s.use({ [Symbol.dispose]: function () { log.push('used'); } });
s.dispose();
var err = new SuppressedError(new Error('a'), new Error('b'), 'both');
var a = new Int32Array(4);
Atomics.add(a, 0, 5);
var waitRefused;
try { Atomics.wait(a, 0, 5, 0); waitRefused = false; } catch (e) { waitRefused = e.name; }
__result = [log, err.name, err.error.message, err.suppressed.message, s.disposed, typeof AsyncDisposableStack, Atomics.load(a, 0), waitRefused];
