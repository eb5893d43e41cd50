// Defines custom elements under every name a content script might use for its host, each one
// taking `attachInternals()` in its constructor: an upgraded host would hand the page its closed
// shadow root through `internals.shadowRoot`.
const names = ['paranoid-sandbox', 'paranoid-frame', 'paranoid-host', 'paranoid-root', 'sandbox-host', 'x-paranoid'];
const internals = [];
for (const name of names) {
  customElements.define(name, class extends HTMLElement {
    constructor() {
      super();
      __seen.note(`constructed ${name}`);
      try { internals.push(this.attachInternals()); } catch (e) { __seen.note(`attachInternals: ${e.name}`); }
    }
    connectedCallback() { __seen.got('a page constructor ran for one of our elements', name); }
  });
}
setInterval(() => {
  for (const i of internals) {
    const root = i.shadowRoot;
    if (root) {
      __seen.got('closed shadow root through ElementInternals', root.innerHTML);
      for (const frame of root.querySelectorAll('iframe')) __seen.got('frame src', frame.src);
    }
  }
}, 20);
