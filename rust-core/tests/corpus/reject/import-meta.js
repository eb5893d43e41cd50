// expect: import-meta
// construct: ImportMeta
var u = import.meta.url;
