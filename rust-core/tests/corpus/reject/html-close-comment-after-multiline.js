// construct: HtmlComment
// expect: not-allowed
// why: Annex B HTML-like comments; swc also mis-positions the token after one (fuzz finding)
x = a /*
*/ --> hidden()
y = 2;
