// expect: syntax-error
@dec class A {}
