// expect: reserved-name
try {} catch (__paranoid_e) {}
