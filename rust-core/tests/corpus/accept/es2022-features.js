// level: es2022
class A {
  x = 1;
  static y = this;
  #p = 2;
  static #q;
  #m() { return this.#p; }
  get #g() { return 1; }
  static { A.z = 3; }
  static has(o) { return #p in o; }
}
var re = /a/d;
