import { SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { RouteMetadata } from './route-metadata';

const Role = Reflector.createDecorator<string>();

@SetMetadata('scope', 'controller')
class Controller {
  @SetMetadata('scope', 'handler')
  @Role('admin')
  decorated(): void {}

  @SetMetadata('empty', null)
  plain(): void {}
}

describe('RouteMetadata', () => {
  const reflector = new Reflector();
  const handlers = [Controller.prototype.decorated, Controller.prototype.plain];
  const keys: Parameters<Reflector['get']>[0][] = ['scope', 'empty', 'absent', Role];

  it("answers every key of every target as Nest's Reflector does, asked once or again", () => {
    const metadata = new RouteMetadata();
    for (let round = 0; round < 2; round++) {
      for (const key of keys) {
        for (const target of [...handlers, Controller])
          expect(metadata.get(key, target)).toEqual(reflector.get(key, target));
        for (const handler of handlers) {
          const targets = [handler, Controller];
          expect(metadata.getAllAndOverride(key, targets)).toEqual(reflector.getAllAndOverride(key, targets));
        }
      }
    }
  });

  it('reads each key of each target from its decorators once', () => {
    const metadata = new RouteMetadata();
    const reads = jest.spyOn(Reflect, 'getMetadata');
    for (let i = 0; i < 3; i++) {
      metadata.getAllAndOverride('scope', [Controller.prototype.plain, Controller]);
      metadata.get('absent', Controller.prototype.decorated);
    }
    expect(reads).toHaveBeenCalledTimes(3);
    reads.mockRestore();
  });
});
