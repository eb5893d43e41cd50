// fidelity: function declarations and vars are hoisted within one script: a call before the declaration works, a var reads undefined before its assignment
// expect: {"early":"called before its declaration","beforeAssignment":"undefined","valueBefore":true,"after":"assigned"}
var __result;
var early = typeof hoisted === 'function' ? hoisted() : 'not hoisted';
var beforeAssignment = typeof laterVar;
var valueBefore = laterVar;
var laterVar = 'assigned';
function hoisted() { return 'called before its declaration'; }
__result = { early: early, beforeAssignment: beforeAssignment, valueBefore: valueBefore === undefined, after: laterVar };
