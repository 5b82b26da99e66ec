import { Injectable, PipeTransform } from '@nestjs/common';
import { LINK_TOKEN, unknownLink } from '../../reputation/reputation-links';

/** A path token that cannot be one of ours is an unknown link (404), found without asking the database. */
@Injectable()
export class LinkTokenPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!LINK_TOKEN.test(value)) throw unknownLink();
    return value;
  }
}
