import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorageProvider } from '../local.ts';

/**
 * The embedded endpoint through a second, independent S3 client: Debian's AWS CLI (installed by
 * scripts/ensure-test-tools.sh), as a customer would use it: upload (multipart past 8 MB), list, download byte
 * for byte, delete, and the refusals of decision 0095.
 */
const run = promisify(execFile);
const AWS = '/usr/bin/aws';
let root = '';
let provider: LocalStorageProvider;
let env: NodeJS.ProcessEnv = {};
let endpoint = '';
const MINE = 'cli-backups';
const LOCKED = 'cli-locked';
const THEIRS = 'cli-theirs';

async function aws(...args: string[]) {
  return run(AWS, ['--endpoint-url', endpoint, ...args], { env, maxBuffer: 64 * 1024 * 1024 });
}

async function awsFails(...args: string[]): Promise<string> {
  try {
    await aws(...args);
  } catch (err) {
    return (err as { stderr: string }).stderr;
  }
  throw new Error(`aws ${args.join(' ')} succeeded`);
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'aws-cli-'));
  provider = new LocalStorageProvider({
    directory: path.join(root, 'storage'),
    host: '',
    port: 0,
    publicEndpoint: '',
    regions: ['us-east-1'],
  });
  const mine = await provider.createAccount('CLI Co');
  const theirs = await provider.createAccount('Other Co');
  await provider.createBucket(mine.accountId, { name: MINE, region: 'us-east-1', objectLock: false });
  await provider.createBucket(mine.accountId, { name: LOCKED, region: 'us-east-1', objectLock: true });
  await provider.createBucket(theirs.accountId, { name: THEIRS, region: 'us-east-1', objectLock: false });
  endpoint = await provider.endpointFor('us-east-1');
  const config = path.join(root, 'aws-config');
  await writeFile(config, '[default]\nregion = us-east-1\ns3 =\n  addressing_style = path\n');
  env = {
    PATH: process.env.PATH,
    HOME: root,
    AWS_CONFIG_FILE: config,
    AWS_SHARED_CREDENTIALS_FILE: path.join(root, 'no-credentials'),
    AWS_ACCESS_KEY_ID: mine.keys.accessKey,
    AWS_SECRET_ACCESS_KEY: mine.keys.secretKey,
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_PAGER: '',
  };
});

afterAll(async () => {
  await provider.close();
  await rm(root, { recursive: true, force: true });
});

// Each command starts a Python process: a few seconds on a busy machine, so each test may take minutes there.
describe('the embedded S3 endpoint with the AWS CLI', { timeout: 300_000 }, () => {
  it('uploads 24 MB in parts, lists it, downloads it byte for byte and deletes it', async () => {
    const original = randomBytes(24 * 1024 * 1024);
    const file = path.join(root, 'backup.bin');
    await writeFile(file, original);
    const { stdout: copied } = await aws('s3', 'cp', file, `s3://${MINE}/nightly/backup.bin`);
    expect(copied).toContain('upload:');
    const head = JSON.parse((await aws('s3api', 'head-object', '--bucket', MINE, '--key', 'nightly/backup.bin')).stdout) as {
      ETag: string;
      ContentLength: number;
    };
    expect(head.ContentLength).toBe(original.length);
    expect(head.ETag).toMatch(/^"[0-9a-f]{32}-3"$/);
    expect((await aws('s3', 'ls', `s3://${MINE}/nightly/`)).stdout).toMatch(/25165824 backup\.bin/);
    expect(
      (await aws('s3', 'ls')).stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split(' ').at(-1)),
    ).toEqual([MINE, LOCKED]);
    const back = path.join(root, 'restored.bin');
    await aws('s3', 'cp', `s3://${MINE}/nightly/backup.bin`, back);
    expect((await readFile(back)).equals(original)).toBe(true);
    await aws('s3', 'rm', `s3://${MINE}/nightly/backup.bin`);
    expect((await aws('s3', 'ls', `s3://${MINE}/nightly/`).catch(() => ({ stdout: '' }))).stdout).toBe('');
  });

  it('refuses another company’s bucket, a copy from it and a traversal key', async () => {
    expect(await awsFails('s3', 'ls', `s3://${THEIRS}/`)).toMatch(/AccessDenied/);
    expect(await awsFails('s3api', 'put-object', '--bucket', THEIRS, '--key', 'planted.txt')).toMatch(/AccessDenied/);
    expect(await awsFails('s3api', 'copy-object', '--bucket', MINE, '--key', 'stolen', '--copy-source', `${THEIRS}/anything`)).toMatch(
      /AccessDenied/,
    );
    expect(await awsFails('s3api', 'get-object', '--bucket', MINE, '--key', `../${THEIRS}/anything`, path.join(root, 'out'))).toMatch(
      /InvalidArgument/,
    );
    expect(await awsFails('s3api', 'create-bucket', '--bucket', `made-by-cli-${randomBytes(3).toString('hex')}`)).toMatch(/AccessDenied/);
  });

  it('shows the lock configuration and keeps a retained object', async () => {
    const lock = JSON.parse((await aws('s3api', 'get-object-lock-configuration', '--bucket', LOCKED)).stdout) as {
      ObjectLockConfiguration: { ObjectLockEnabled: string };
    };
    expect(lock.ObjectLockConfiguration.ObjectLockEnabled).toBe('Enabled');
    const file = path.join(root, 'kept.txt');
    await writeFile(file, 'kept by object lock');
    const until = new Date(Date.now() + 86_400_000).toISOString();
    await aws(
      's3api',
      'put-object',
      '--bucket',
      LOCKED,
      '--key',
      'kept.txt',
      '--body',
      file,
      '--object-lock-mode',
      'COMPLIANCE',
      '--object-lock-retain-until-date',
      until,
    );
    const retention = JSON.parse((await aws('s3api', 'get-object-retention', '--bucket', LOCKED, '--key', 'kept.txt')).stdout) as {
      Retention: { Mode: string };
    };
    expect(retention.Retention.Mode).toBe('COMPLIANCE');
    expect(await awsFails('s3api', 'delete-object', '--bucket', LOCKED, '--key', 'kept.txt')).toMatch(/AccessDenied/);
    await writeFile(file, 'overwritten');
    expect(await awsFails('s3', 'cp', file, `s3://${LOCKED}/kept.txt`)).toMatch(/AccessDenied/);
    await aws('s3', 'cp', `s3://${LOCKED}/kept.txt`, path.join(root, 'kept-back.txt'));
    expect(await readFile(path.join(root, 'kept-back.txt'), 'utf8')).toBe('kept by object lock');
  });
});
