import { print, format, printDocument, parseDocument, parseExpression, loadConfig } from '../../src/index.js';
import { fromJson } from '../../src/json/index.js';

print(fromJson('{"from": "t", "where": {"$=": [{"$col": "x"}, 1]}}'));
// 'SELECT * FROM t WHERE x = 1'
const ast = parseExpression('(a + b) * c > 10 and d is not null');
print(ast, { width: 40, keywordCase: 'lower', indent: 4 });  // any node: statement, expression, source...
format('select a,b from t -- note\n');                         // 'SELECT a, b FROM t -- note\n'
const text = 'select a from t /* why */ where b=1;\nselect c from u\n';
printDocument(parseDocument(text), { keywordCase: 'lower' });  // a parsed document with its comments
await loadConfig('queries/report.dsq');                        // the dsq.config.json settings there (merged up to "root": true)
