// why: Annex B.3.4 since ES2020: a for-of `var` may redeclare a plain catch parameter too; destructuring declarations, arrows, static blocks and nested catches
// output-includes: catch(e){for(e of[1]);
// output-includes: catch(async){for((async)of[1]);}
// output-includes: [e,__paranoid_scope__.y]=[7,8]
// output-includes: ()=>{var e;try{}catch(e){e=1;}}
// output-includes: static{var e;try{}catch(e){e=1;}}
// output-includes: catch(e){try{throw 2;}catch(e){e=3;}}
// output-excludes: catch(__paranoid_scope__
try { throw 1; } catch (e) { for (var e of [1]); }
try { throw 1; } catch (async) { for (var async of [1]); }
try { throw 1; } catch (e) { var [e, y] = [7, 8]; }
var g = () => { try {} catch (e) { var e = 1; } };
class C { static { try {} catch (e) { var e = 1; } } }
try { throw 1; } catch (e) { try { throw 2; } catch (e) { var e = 3; } }
