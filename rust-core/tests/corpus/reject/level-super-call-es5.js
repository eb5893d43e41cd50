// expect: above-level
// construct: SuperCall
// level: es5
var A = class extends B { constructor() { super(); } };
