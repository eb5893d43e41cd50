// expect: syntax-error
import "y";
