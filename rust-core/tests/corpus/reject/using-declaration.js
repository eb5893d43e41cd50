// expect: not-allowed
// construct: UsingDeclaration
{ using x = f(); }
