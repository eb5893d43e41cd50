// expect: eval
eval?.(1);
