// expect: syntax-error
// why: columns count UTF-16 code units: é is 1, 😀 is 2
// at: 4:16
var s = "é😀"; )
