// construct: HtmlComment
// expect: not-allowed
// why: fuzz finding: after `-->` swc re-read the next `/` from the comment, and `-->/ /` printed a regex that was not in the source
x = 1
-->/ /
/x/.source;
