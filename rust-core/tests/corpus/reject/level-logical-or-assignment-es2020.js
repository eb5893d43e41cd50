// expect: above-level
// construct: LogicalAssignment
// level: es2020
a ||= b;
