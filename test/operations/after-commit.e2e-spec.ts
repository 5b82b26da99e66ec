import { TransactionHost } from '@nestjs-cls/transactional';
import { AfterCommit } from '../../src/database/after-commit';
import { TestApp, createTestApp } from '../support/test-app';

/** A macrotask later: later than anything the commit itself awaits. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('Work after a commit (e2e)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is done when the transaction is: a caller answering after its commit answers after the work', async () => {
    const done: string[] = [];
    await t.app.get(TransactionHost).withTransaction(async () => {
      await t.app.get(AfterCommit).run(async () => {
        await nextTurn();
        done.push('work');
      });
      expect(done).toEqual([]);
    });
    expect(done).toEqual(['work']);
  });

  it('drops the work of a transaction rolled back', async () => {
    const done: string[] = [];
    await expect(
      t.app.get(TransactionHost).withTransaction(async () => {
        await t.app.get(AfterCommit).run(() => {
          done.push('work');
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await nextTurn();
    expect(done).toEqual([]);
  });
});
