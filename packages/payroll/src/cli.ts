import { runCli } from './run-cli.ts';

const { exitCode, stdout, stderr } = runCli(process.argv.slice(2));
process.stdout.write(stdout);
process.stderr.write(stderr);
process.exitCode = exitCode;
