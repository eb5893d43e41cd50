// expect: above-level
// construct: ArrowFunction
// level: es5
var f = function () { return function () { return () => 1; }; };
