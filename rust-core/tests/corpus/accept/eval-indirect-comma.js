// why: an indirect eval calls the stand-in on the scope, which vets its text as a global script
// output-includes: (0,__paranoid_scope__.eval)(1)
(0, eval)(1);
