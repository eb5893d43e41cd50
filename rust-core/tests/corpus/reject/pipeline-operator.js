// expect: syntax-error
var y = x |> f;
