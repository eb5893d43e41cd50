'use strict';
// The browser's extension API object, under one name in every realm of ours (the background,
// the content script, our pages): Firefox's `browser`, else Chrome's `chrome`; both give
// promises in MV3. Loaded first, so that no file needs a name of its own for it.

/* exported paranoidExtension */

const paranoidExtension = globalThis.browser ?? globalThis.chrome;
