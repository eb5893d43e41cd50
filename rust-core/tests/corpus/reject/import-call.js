// expect: dynamic-import
// construct: ImportCall
import(x);
