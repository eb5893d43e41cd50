// why: a regular expression whose pattern is not ASCII is made from its text, so that its source is the text as written
// output-includes: (__paranoid_rt__.regExp("\xe9+","gu",false&&/\xe9+/gu))
var r = /é+/gu;
