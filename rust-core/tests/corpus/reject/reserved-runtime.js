// expect: reserved-name
__paranoid_rt__.declareVars(["x"]);
