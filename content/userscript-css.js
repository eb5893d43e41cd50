'use strict';
// GM.addStyle's check: a userscript's CSS may style the page but never make it load anything,
// since a request from the page would be a network channel around `@connect` (attribute
// selectors can spell out page text, one `url()` per guess). The CSS is read with the
// tokenizer of CSS Syntax Level 3 (the one both browsers follow), and refused when it holds a
// function or at-rule that loads (`url()`, `image-set()`, `@import`, …: the policy's
// `userscripts.addStyle` table) or one whose name is written with an escape (`u\72l(`): no
// real stylesheet needs that, and it leaves no doubt about how an escape decodes. Strings,
// comments and escapes are read as the browser reads them, so that nothing the browser sees as
// a function hides inside what this reads as a string or a comment, and the other way round.

/* exported paranoidCssRefusal */

/**
 * Why `css` may not be added to the page, or null if it may.
 * @param {string} css
 * @param {{ refusedFunctions: string[], refusedAtRules: string[] }} rules
 * @returns {string | null}
 */
function paranoidCssRefusal(css, rules) {
  // Preprocessing (CSS Syntax 3.3): newlines are LF, NUL is U+FFFD.
  const s = String(css).replace(/\r\n?|\f/g, '\n').replace(/\0/g, '\uFFFD');
  const n = s.length;
  const isHex = (c) => /^[0-9a-fA-F]$/.test(c);
  const isNameStart = (c) => c !== undefined && (/^[A-Za-z_]$/.test(c) || c.charCodeAt(0) >= 0x80);
  const isName = (c) => isNameStart(c) || (c !== undefined && /^[0-9-]$/.test(c));
  const isWhitespace = (c) => c === ' ' || c === '\t' || c === '\n';
  // Two code points that start an escape: a backslash not followed by a newline (or the end).
  const validEscape = (i) => s[i] === '\\' && i + 1 < n && s[i + 1] !== '\n';
  const startsIdent = (i) => {
    if (s[i] === '-') return isNameStart(s[i + 1]) || s[i + 1] === '-' || validEscape(i + 1);
    return isNameStart(s[i]) || validEscape(i);
  };
  // Consumes an escape at i (the backslash); returns [decoded, next index].
  const escape = (i) => {
    let j = i + 1;
    if (isHex(s[j])) {
      let hex = '';
      while (hex.length < 6 && isHex(s[j])) hex += s[j++];
      if (isWhitespace(s[j])) j++;
      const code = parseInt(hex, 16);
      const bad = code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff);
      return [bad ? '\uFFFD' : String.fromCodePoint(code), j];
    }
    if (j >= n) return ['\uFFFD', j];
    const code = s.codePointAt(j);
    return [String.fromCodePoint(code), j + (code > 0xffff ? 2 : 1)];
  };
  // Consumes an ident sequence at i; returns [name, next index, whether it had an escape].
  const ident = (i) => {
    let name = '';
    let escaped = false;
    for (;;) {
      if (isName(s[i])) name += s[i++];
      else if (validEscape(i)) {
        const [c, j] = escape(i);
        name += c;
        i = j;
        escaped = true;
      } else return [name, i, escaped];
    }
  };
  const lower = (name) => name.replace(/[A-Z]/g, (c) => c.toLowerCase());
  let i = 0;
  while (i < n) {
    const c = s[i];
    if (c === '/' && s[i + 1] === '*') {
      const end = s.indexOf('*/', i + 2);
      i = end === -1 ? n : end + 2;
    } else if (c === '"' || c === "'") {
      // A string ends at its quote, at an unescaped newline (not consumed: a bad string), or at
      // the end; a backslash before a newline continues it.
      i++;
      while (i < n && s[i] !== c && s[i] !== '\n') {
        if (s[i] === '\\') i = i + 1 < n && s[i + 1] === '\n' ? i + 2 : (i + 1 < n ? escape(i)[1] : i + 1);
        else i++;
      }
      if (s[i] === c) i++;
    } else if (c === '@' && startsIdent(i + 1)) {
      const [name, next, escaped] = ident(i + 1);
      if (escaped) return `an at-rule whose name is written with an escape (@${name.slice(0, 40)})`;
      if (rules.refusedAtRules.includes(lower(name))) return `@${name} loads another stylesheet`;
      i = next;
    } else if (startsIdent(i)) {
      const [name, next, escaped] = ident(i);
      if (s[next] === '(') {
        if (escaped) return `a function whose name is written with an escape (${name.slice(0, 40)}())`;
        if (rules.refusedFunctions.includes(lower(name))) return `${name}() makes the page load something`;
      }
      i = next;
    } else if (/^[0-9]$/.test(c) || ((c === '.' || c === '+' || c === '-') && /^[0-9]$/.test(s[i + 1] ?? ''))) {
      // A number, and its unit: `1url(` is a dimension and a parenthesis, not a function. Read
      // as a function anyway (the unit is skipped only as far as the digits go), which can only
      // refuse more.
      i++;
      while (i < n && /^[0-9.]$/.test(s[i])) i++;
    } else if (c === '\\') {
      // A backslash that starts no escape (before a newline) is a delimiter; one that does was
      // taken by startsIdent above.
      i++;
    } else {
      i += c.codePointAt(0) > 0xffff ? 2 : 1;
    }
  }
  return null;
}
