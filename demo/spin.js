// Denial of service: an endless loop. The sandbox's watchdog (the frame) sees the worker's turn
// run past its CPU budget (100 ms by default) and kills it; the page stays responsive.
while (true) {}
