// expect: syntax-error
var a = <div className="x">{y}</div>;
