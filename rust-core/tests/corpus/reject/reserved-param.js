// expect: reserved-name
function f(__paranoid_x) { return 1; }
