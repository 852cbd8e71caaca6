/** The part of s3rver (a fake S3 server, no types of its own) the S3 source tests use. */
declare module 's3rver' {
  interface S3rverOptions {
    port: number;
    address: string;
    silent: boolean;
    directory: string;
    configureBuckets: { name: string; configs: string[] }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
