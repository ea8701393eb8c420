import { E2E_S3 } from "../e2e/support.ts";
import { startFakeS3 } from "./fake-s3.ts";

/** The browser tests' S3 bucket, as a process of its own on FAKE_S3_PORT, until SIGTERM. */
const fake = await startFakeS3({ ...E2E_S3, port: Number(process.env.FAKE_S3_PORT) });
console.log(`Fake S3 at ${fake.url}/${E2E_S3.bucket}`);
const stop = () => {
  void fake.close().then(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
