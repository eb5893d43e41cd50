// expect: above-level
// construct: NewTarget
// level: es5
function F() { return new.target; }
