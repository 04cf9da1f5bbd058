import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** `<major>.<minor>.<patch>+<build>`; the build comes from BUILD_ID (CI) or is `dev`. */
export function applicationVersion(env: NodeJS.ProcessEnv = process.env): string {
  const build = (env.BUILD_ID ?? 'dev').replace(/[^0-9A-Za-z-]/g, '-') || 'dev';
  return `${pkg.version}+${build}`;
}
