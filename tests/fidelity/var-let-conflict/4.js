// fidelity: script 4 of var-let-conflict: neither later script ran, the let is intact, and a fresh name still works
// expect: {"taken":"let from script 1","ran2":"undefined","ran3":"undefined","fresh":"fresh"}
let fresh = 'fresh';
var __result = { taken: taken, ran2: typeof ran2, ran3: typeof ran3, fresh: fresh };
