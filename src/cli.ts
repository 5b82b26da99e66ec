import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CliCommands, USAGE, UsageError, isCommand } from './cli/cli.commands';
import { CliModule } from './cli/cli.module';
import { DomainError } from './common/errors/domain-error';

// stdout carries only the command's result (a token, or JSON); everything else goes to stderr.
async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  if (!command || command === '--help' || command === 'help') {
    process.stderr.write(`${USAGE}\n`);
    return command ? 0 : 2;
  }
  if (!isCommand(command)) return usage(`Unknown command "${command}".`);
  Logger.overrideLogger(['error']);
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
