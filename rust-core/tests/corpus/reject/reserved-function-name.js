// expect: reserved-name
function __paranoid_scope__() {}
