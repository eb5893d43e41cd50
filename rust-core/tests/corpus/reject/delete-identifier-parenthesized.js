// expect: syntax-error
// at: 4:1
// why: strict code may not delete a name in parentheses either; the rewrite would delete a property of the scope
delete ((x));
