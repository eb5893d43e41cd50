// fidelity: crypto-js (hashes, HMAC and AES in JS): SHA-256, MD5, HMAC-SHA1, PBKDF2, and AES with a fixed key and IV
// prelude: node_modules/crypto-js/crypto-js.js
// expect: native
var __result = (function () {
  var key = CryptoJS.enc.Hex.parse('000102030405060708090a0b0c0d0e0f');
  var iv = CryptoJS.enc.Hex.parse('0f0e0d0c0b0a09080706050403020100');
  var encrypted = CryptoJS.AES.encrypt('secret message', key, { iv: iv });
  return {
    sha256: CryptoJS.SHA256('abc').toString(),
    md5: CryptoJS.MD5('abc').toString(),
    hmac: CryptoJS.HmacSHA1('data', 'key').toString(CryptoJS.enc.Base64),
    pbkdf2: CryptoJS.PBKDF2('pw', 'salt', { keySize: 4, iterations: 10 }).toString(),
    aes: encrypted.toString(),
    back: CryptoJS.AES.decrypt(encrypted, key, { iv: iv }).toString(CryptoJS.enc.Utf8),
  };
})();
