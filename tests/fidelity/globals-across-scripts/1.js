// fidelity: globals created through globalThis, window and self in one script are bare names in the next, and the reverse
globalThis.viaGlobalThis = 'g';
window.viaWindow = 'w';
self.viaSelf = 's';
var declared = 'd';
function helper(x) { return x * 2; }
