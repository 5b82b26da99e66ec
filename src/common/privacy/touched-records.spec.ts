import { ClsServiceManager } from 'nestjs-cls';
import { collectTouched, noteTouched } from './touched-records';

describe('collectTouched', () => {
  it('collects what the work notes, also from contexts opened inside it (a transaction), each record once', async () => {
    const cls = ClsServiceManager.getClsService();
    const { result, touched } = await collectTouched(async () => {
      noteTouched('leads', 12);
      await cls.run({ ifNested: 'inherit' }, async () => {
        await Promise.resolve();
        noteTouched('leadMessages', 3, 4);
        noteTouched('leads', 12);
      });
      return 'done';
    });
    expect(result).toBe('done');
    expect(touched).toEqual(['leadMessages:3', 'leadMessages:4', 'leads:12']);
  });

  it('notes nothing outside a collection, and one collection does not see another', async () => {
    noteTouched('leads', 1);
    const [first, second] = await Promise.all([
      collectTouched(() => Promise.resolve(noteTouched('leads', 2))),
      collectTouched(() => Promise.resolve(noteTouched('reviewRequests', 3))),
    ]);
    expect(first.touched).toEqual(['leads:2']);
    expect(second.touched).toEqual(['reviewRequests:3']);
  });
});
