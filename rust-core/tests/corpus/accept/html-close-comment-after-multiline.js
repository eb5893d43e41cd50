// output-excludes: hidden
// why: `-->` after a multi-line comment that holds a line break starts a comment
x = a /*
*/ --> hidden()
y = 2;
