// fidelity: script 3 of function-redeclaration-across-scripts: collects the result
// expect: {"beforeRedeclare":"hello v2","now":"hello v2","viaOldClosure":"hello v2","keep":"kept"}
var __result = { beforeRedeclare: beforeRedeclare, now: greet(), viaOldClosure: callGreetLater(), keep: keep };
