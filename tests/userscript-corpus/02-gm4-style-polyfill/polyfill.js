// A GM polyfill in the style of gm4-polyfill: fills GM.* from GM_* and GM_addStyle from the
// page's document when the manager lacks them.
if (typeof GM === 'undefined') {
  this.GM = {};
}
if (typeof GM_addStyle === 'undefined') {
  this.GM_addStyle = (css) => {
    const head = document.getElementsByTagName('head')[0];
    if (head) {
      const style = document.createElement('style');
      style.setAttribute('type', 'text/css');
      style.textContent = css;
      head.appendChild(style);
      return style;
    }
    return null;
  };
}
Object.entries({
  log: console.log.bind(console),
  info: typeof GM_info === 'undefined' ? undefined : GM_info,
}).forEach(([key, value]) => {
  if (value && typeof GM[key] === 'undefined') GM[key] = value;
});
Object.entries({
  GM_getValue: 'getValue',
  GM_setValue: 'setValue',
  GM_addStyle: 'addStyle',
}).forEach(([oldKey, newKey]) => {
  const old = this[oldKey];
  if (old && typeof GM[newKey] === 'undefined') {
    GM[newKey] = function (...args) {
      return new Promise((resolve, reject) => {
        try { resolve(old.apply(this, args)); } catch (e) { reject(e); }
      });
    };
  }
});
