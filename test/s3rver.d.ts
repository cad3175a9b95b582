/** The part of s3rver 3.7 (which ships no types) the tests use: an S3-compatible server on loopback. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    /** Where objects are stored on disk. */
    directory: string;
    silent?: boolean;
    /** Accept requests signed with another secret than its own account's (S3RVER). */
    allowMismatchedSignatures?: boolean;
    configureBuckets?: { name: string }[];
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
