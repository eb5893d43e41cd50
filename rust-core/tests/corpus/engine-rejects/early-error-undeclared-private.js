// expect: syntax-error
class A { m() { return this.#y; } }
