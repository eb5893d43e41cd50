// fidelity: script 2 of globals-across-scripts: reads them as bare names and as properties
// expect: {"bare":["g","w","s","d",42],"props":["d",true,"w"],"inChecks":[true,false],"typeofs":["string","undefined"]}
var __result = {
  bare: [viaGlobalThis, viaWindow, viaSelf, declared, helper(21)],
  props: [window.declared, self.helper === helper, globalThis.viaWindow],
  inChecks: ['viaSelf' in globalThis, 'nothingHere' in window],
  typeofs: [typeof viaGlobalThis, typeof nothingHere],
};
