// expect: dynamic-import
function load(m) { return import(m).then(function (x) { return x; }); }
