// expect: syntax-error
export default function () {}
