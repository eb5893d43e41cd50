// why: deleting a property through parentheses is fine in strict code
var o = { a: 1, b: { c: 2 } };
delete (o.a);
delete ((o)).b.c;
delete (o["b"]);
