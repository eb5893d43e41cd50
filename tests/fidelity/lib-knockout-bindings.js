// fidelity: knockout's binding strings, each compiled into `with ($context) { with ($data || {}) { return {…}; } }` inside a Function, evaluated against binding contexts (no DOM)
// prelude: node_modules/knockout/build/output/knockout-latest.debug.js
// expect: native
var __result = (function () {
  var provider = ko.bindingProvider.instance;
  var model = { a: 1, b: 2, shown: true, user: { name: 'Ann' }, items: ko.observableArray(['x', 'y']) };
  var context = new ko.bindingContext(model);
  var child = context.createChildContext({ a: 10 });
  return {
    root: provider.parseBindingsString('text: a + b, visible: shown, attr: { title: user.name }', context, null),
    child: provider.parseBindingsString('text: a + $parent.b, count: $parents.length', child, null),
    observable: provider.parseBindingsString('size: items().length, first: items()[0]', context, null),
    rewritten: ko.expressionRewriting.preProcessBindings('text: a + b, visible: shown'),
  };
})();
