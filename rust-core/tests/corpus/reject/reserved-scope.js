// expect: reserved-name
__paranoid_scope__.x = 1;
