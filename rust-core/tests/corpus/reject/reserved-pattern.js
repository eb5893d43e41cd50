// expect: reserved-name
var { a: __paranoid_x } = o;
