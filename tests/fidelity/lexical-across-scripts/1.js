// fidelity: top-level let, const and class of one script are visible to later scripts by name
let shared = 1;
const K = 'konst';
class Shape { area() { return 42; } }
