// output-excludes: hidden
// why: Annex B HTML-like comments are comments in classic scripts
x = 1 <!-- hidden()
--> hidden()
/* a */ --> hidden()
y = 2;
