// expect: above-level
// why: the default level (ES2023) does not have `using`
{ using x = f(); }
