// level: es2017
async function af() { await af; return 1; }
var aa = async () => { await 1; };
var ab = async x => x;
var o = { async m() { await 1; } };
class K { async m() { await this; } }
