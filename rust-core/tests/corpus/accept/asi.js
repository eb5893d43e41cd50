// why: automatic semicolon insertion
var a = 1
var b = 2
a
++b
function f() {
  return
  1
}
var c = a
;(function () {})()
