import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../../src/config/images.config';

/** s3rver's fixed credentials: it checks every request's signature against them. */
const ACCESS_KEY = 'S3RVER';

/**
 * A real S3-protocol server (s3rver: the S3 REST API over a directory) on 127.0.0.1 and a free port,
 * with one empty bucket, for the S3 image store to talk to over HTTP with the real AWS SDK.
 */
export class S3Server {
  private constructor(
    private readonly server: S3rver,
    private readonly directory: string,
    readonly port: number,
    readonly bucket: string,
  ) {}

  static async start(bucket = 'images'): Promise<S3Server> {
    const directory = mkdtempSync(join(tmpdir(), 's3rver-'));
    const server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket, configs: [] }],
    });
    const { port } = await server.run();
    return new S3Server(server, directory, port, bucket);
  }

  get config(): S3StorageConfig {
    return {
      endpoint: `http://127.0.0.1:${this.port}`,
      bucket: this.bucket,
      region: 'us-east-1',
      credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
      forcePathStyle: true,
    };
  }

  /** The same settings as a server process reads them. */
  get env(): NodeJS.ProcessEnv {
    return {
      IMAGE_STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${this.port}`,
      S3_BUCKET: this.bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    };
  }

  /** Stops listening; the stored objects stay until `remove`. */
  async stop(): Promise<void> {
    await this.server.close().catch(() => undefined);
  }

  async remove(): Promise<void> {
    await this.stop();
    rmSync(this.directory, { recursive: true, force: true });
  }
}
