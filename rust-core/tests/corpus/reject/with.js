// expect: with-statement
// construct: WithStatement
with (o) { x; }
