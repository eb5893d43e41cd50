// level: es5
// why: the UMD wrapper real libraries start with
;(function (root, factory) {
  if (typeof define === 'function' && define.amd) define(['exports'], factory);
  else if (typeof exports === 'object' && typeof exports.nodeName !== 'string') factory(exports);
  else factory((root.lib = {}));
}(this, function (exports) {
  exports.version = '1.0';
}));
