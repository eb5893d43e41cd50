// expect: escaped-keyword
var t = \u{74}his;
