// fidelity: classes with private fields and methods, #x in o, static fields and static blocks (using this), accessors, inheritance and super
// expect: {"value":3,"named":"n:50","isCounter":[true,true,false],"instances":2,"label":"Counter","created":["static block ran"],"privateError":"TypeError","instanceOf":[true,true,true],"names":["Counter","Named","function"]}
var __result;
__result = (function () {
  class Counter {
    #count = 0;
    static #instances = 0;
    static created = [];
    static {
      this.label = 'Counter';
      this.created.push('static block ran');
    }
    constructor(start) { this.#count = start; Counter.#instances++; }
    #bump(by) { this.#count += by; return this; }
    inc() { return this.#bump(1); }
    get value() { return this.#count; }
    set value(v) { this.#count = v * 10; }
    static isCounter(o) { return #count in o; }
    static get instances() { return Counter.#instances; }
  }
  class Named extends Counter {
    constructor(name) { super(100); this.name = name; }
    inc() { super.inc(); return super.inc(); }
    toString() { return this.name + ':' + this.value; }
  }
  var c = new Counter(1).inc().inc();
  var n = new Named('n').inc();
  n.value = 5;
  var privateError;
  try { Counter.prototype.inc.call({}); privateError = 'no error'; } catch (e) { privateError = e.name; }
  return {
    value: c.value,
    named: String(n),
    isCounter: [Counter.isCounter(c), Counter.isCounter(n), Counter.isCounter({})],
    instances: Counter.instances,
    label: Counter.label,
    created: Counter.created,
    privateError: privateError,
    instanceOf: [n instanceof Named, n instanceof Counter, Object.getPrototypeOf(Named) === Counter],
    names: [Counter.name, Named.name, typeof Counter],
  };
})();
