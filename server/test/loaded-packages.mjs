// Given to a server process with --import: it writes `loaded package <name>` to stderr for each npm package module
// the process loads, so startup.test.ts can tell which libraries an idle server carries.
import { register } from 'node:module';

const hook = `
export async function load(url, context, next) {
  const m = /\\/node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(url);
  if (m) process.stderr.write('loaded package ' + m[1] + '\\n');
  return next(url, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
