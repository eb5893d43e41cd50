// expect: syntax-error
// why: `<!--` comments out the rest of the line, so the brace is missing
function f() { return 1; <!-- }
