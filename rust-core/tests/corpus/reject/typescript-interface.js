// expect: syntax-error
interface A { x: number }
