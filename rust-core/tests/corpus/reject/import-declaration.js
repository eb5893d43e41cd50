// expect: syntax-error
// why: a classic script cannot hold module declarations
import x from "y";
