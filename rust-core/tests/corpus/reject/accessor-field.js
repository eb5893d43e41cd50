// expect: syntax-error
// why: `accessor` fields (decorators proposal) are not ES2023
class A { accessor x = 1; }
