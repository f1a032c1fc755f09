// Browser journeys drive Debian's chromium; install it when it is missing (never a downloaded browser).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  console.log(`chromium not found at ${CHROMIUM}; installing Debian's chromium package`);
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`,
    {
      stdio: 'inherit',
    },
  );
}
