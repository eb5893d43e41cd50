// expect: syntax-error
// at: 4:48
// why: the catch parameter allows the `var`, the block around the try statement does not
function f() { { let e; try {} catch (e) { var e; } } }
