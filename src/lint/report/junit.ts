import { ruleUrl, type FileReport, type ReportOptions } from './file-report.js';

/** Text for XML: `&`, `<`, `>`, quotes escaped; characters XML 1.0 cannot hold written as U+FFFD. */
function xml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * JUnit XML, as CI systems read test reports (the shape of ESLint's junit formatter): a test
 * suite per file, a test case per finding, failed for an error or a warning (an info passes,
 * with its message as output), and one passing test case for a file without findings.
 */
export function formatJunit(files: readonly FileReport[], options: ReportOptions = {}): string {
  const lines = ['<?xml version="1.0" encoding="utf-8"?>', '<testsuites>'];
  for (const f of files) {
    const failures = f.diagnostics.filter((d) => d.severity !== 'info').length;
    const tests = Math.max(1, f.diagnostics.length);
    lines.push(`  <testsuite package="dsq" time="0" tests="${tests}" errors="0" failures="${failures}" name="${xml(f.file)}">`);
    if (f.diagnostics.length === 0) lines.push(`    <testcase time="0" name="${xml(f.file)}" classname="${xml(f.file)}" />`);
    for (const d of f.diagnostics) {
      const where = `line ${d.span.line}, col ${d.span.column}`;
      const page = ruleUrl(options, d.code);
      const body = `${where}, ${d.severity.charAt(0).toUpperCase()}${d.severity.slice(1)} - ${d.message}${d.hint ? ` ${d.hint}` : ''} (${d.code})${page ? ` ${page}` : ''}`;
      lines.push(`    <testcase time="0" name="dsq.${xml(d.code)}" classname="${xml(f.file)}">`);
      if (d.severity === 'info') lines.push(`      <system-out>${xml(body)}</system-out>`);
      else lines.push(`      <failure message="${xml(d.message)}" type="${d.severity}">${xml(body)}</failure>`);
      lines.push('    </testcase>');
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}
