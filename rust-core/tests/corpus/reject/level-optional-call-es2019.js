// expect: above-level
// construct: OptionalChain
// level: es2019
o.f?.();
