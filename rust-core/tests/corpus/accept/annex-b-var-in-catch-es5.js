// level: es5
// why: Annex B.3.4: a `var` in a catch block may redeclare a catch parameter that is a plain name, in strict code too. It declares the global; its initialiser assigns the parameter.
// output-includes: catch(e){e=2,__paranoid_scope__.x=e;}
// output-includes: catch(q){q=1;}
// output-includes: declareVars(["e","x","q","k"])
// output-includes: for(k=0;
// output-includes: for(k in
// output-includes: function f(){var e;try{throw 1;}catch(e){e=3;}return e;}
// output-excludes: catch(__paranoid_scope__
try { throw 1; } catch (e) { var e = 2, x = e; }
var q; try { throw 0; } catch (q) { var q = 1; }
try { throw 0; } catch (k) { for (var k = 0; k < 1; k++); for (var k in { a: 1 }); }
function f() { try { throw 1; } catch (e) { var e = 3; } return e; }
