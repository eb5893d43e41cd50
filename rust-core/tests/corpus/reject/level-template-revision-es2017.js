// construct: TemplateRevision
// expect: above-level
// level: es2017
// why: invalid escapes in tagged templates are ES2018 (template literal revision)
tag`\unicode`;
