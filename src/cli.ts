import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CliCommands, USAGE, UsageError, isCommand } from './cli/cli.commands';
import { DomainError } from './common/errors/domain-error';
import { environmentProblems, startEnvironment } from './config/env.validation';

// stdout carries only the command's result (a token, or JSON); everything else goes to stderr.
async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  if (!command || command === '--help' || command === 'help') {
    process.stderr.write(`${USAGE}\n`);
    return command ? 0 : 2;
  }
  if (command === 'check-config') return checkConfig();
  if (!isCommand(command)) return usage(`Unknown command "${command}".`);
  Logger.overrideLogger(['error']);
  // Loaded only now: loading it validates the settings, which check-config reports on its own terms.
  const { CliModule } = await import('./cli/cli.module.js');
  const app = await NestFactory.createApplicationContext(CliModule, { logger: ['error'] });
  try {
    process.stdout.write(`${await app.get(CliCommands).run(command, args)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) return usage(error.message);
    if (error instanceof DomainError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await app.close();
  }
}

/** Every missing or invalid setting, one a line, before a deploy: nothing is started or connected. */
function checkConfig(): number {
  const problems = environmentProblems(startEnvironment());
  if (problems.length === 0) {
    process.stdout.write('The configuration is valid.\n');
    return 0;
  }
  process.stderr.write(
    `${problems.length} setting(s) to fix:\n${problems.map((problem) => `- ${problem}\n`).join('')}`,
  );
  return 1;
}

function usage(problem: string): number {
  process.stderr.write(`${problem}\n\n${USAGE}\n`);
  return 2;
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
