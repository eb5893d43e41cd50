// expect: above-level
// construct: AsyncArrowFunction
// level: es2016
var f = async () => 1;
