// level: es2022
class Base { constructor(a) { this.a = a; } }
class K extends Base {
  static count = 0;
  static #secret = 1;
  field = this.a;
  #priv = 2;
  ['comp' + 1] = 3;
  'str' = 4;
  42 = 5;
  constructor(a, ...r) { super(a); K.count++; new.target; }
  method() { return super.toString(); }
  static sm() { return this.#secret; }
  get g() { return this.#priv; }
  set g(v) { this.#priv = v; }
  static get sg() { return 1; }
  #pm() { return #priv in this; }
  get #pg() { return 1; }
  set #pg(v) {}
  static #spm() {}
  async am() { await 1; }
  *gm() { yield 1; }
  async *agm() { yield 1; }
  [Symbol.iterator]() {}
  static { this.count = K.#secret; }
  static async *[Symbol.asyncIterator]() {}
}
var Expr = class Named extends (0, Base) { static self = Named; };
var Anonymous = class {};
