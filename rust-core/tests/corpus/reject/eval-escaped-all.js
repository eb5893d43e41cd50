// expect: eval
\u{65}\u{76}\u{61}\u{6c}(1);
