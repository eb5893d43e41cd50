// expect: reserved-name
class __paranoid_x {}
