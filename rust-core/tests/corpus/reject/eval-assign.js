// expect: eval
// why: strict mode forbids it, and so does the eval rule
eval = 1;
