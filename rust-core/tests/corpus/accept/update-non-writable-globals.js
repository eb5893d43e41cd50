// why: updates of the non-writable globals stay property updates (fuzz finding: `void 0++` did not parse)
try { undefined++; } catch (e) {}
try { --NaN; } catch (e) {}
try { Infinity++; } catch (e) {}
