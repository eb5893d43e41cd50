// construct: HtmlComment
// expect: not-allowed
// why: fuzz finding: after `<!--` swc reported the next `/` from the comment's start, and re-reading a regex from there tripped an assertion
function f() { return 1; <!--0
/x/.source;
}
