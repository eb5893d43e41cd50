// A well-behaved script: plain computation on ECMAScript built-ins (Math, JSON, Array methods)
// and a top-level function. The core lets it through and rewrites every global name (Math, JSON,
// stats, report) into a property of the sandbox's stand-in global.

function stats(values) {
  const sum = values.reduce((a, b) => a + b, 0);
  const mean = sum / values.length;
  const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length;
  return {
    count: values.length,
    mean: Math.round(mean * 100) / 100,
    stddev: Math.round(Math.sqrt(variance) * 100) / 100,
    max: Math.max(...values),
  };
}

var report = JSON.stringify(stats([3, 1, 4, 1, 5, 9, 2, 6]));
report;
