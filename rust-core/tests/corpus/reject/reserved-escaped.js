// expect: reserved-name
\u005f_paranoid_scope__.x = 1;
