// level: es5
outer: for (var i = 0; i < 3; i++) {
  inner: for (var j = 0; j < 3; j++) {
    if (j) continue outer;
    if (i) break inner;
  }
}
block: { break block; }
