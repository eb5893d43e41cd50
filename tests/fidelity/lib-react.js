// fidelity: react (UI library, without a DOM): elements, children, keys, fragments and context objects as React builds them
// prelude: node_modules/react/umd/react.development.js
// expect: native
var __result = (function () {
  var h = React.createElement;
  var Ctx = React.createContext('light');
  var el = h('ul', { className: 'list' }, [1, 2].map(function (n) { return h('li', { key: n }, 'item ' + n); }), h(React.Fragment, null, 'tail'));
  return {
    type: el.type, props: el.props.className, children: React.Children.count(el.props.children),
    keys: React.Children.map(el.props.children, function (c) { return c && c.key; }),
    valid: React.isValidElement(el), ctx: Ctx._currentValue, version: typeof React.version,
  };
})();
