// Runs s3rver (the S3 API on loopback) in its own process, for tests: `tsx s3rver-process.ts <dir> <port>
// <bucket>`. Prints `{"port":N}` once it listens. Its own process, so that a test can measure the API's memory
// alone and take the storage down (kill) and up again on the same port.
import S3rver from "s3rver";

const [directory = ".", port = "0", bucket = "beannote"] = process.argv.slice(2);
// The CORS rules an operator puts on the bucket (see the README): the web origin may PUT and read.
const cors = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>PUT</AllowedMethod>
<AllowedMethod>GET</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader>
</CORSRule></CORSConfiguration>`;
const server = new S3rver({
  address: "127.0.0.1",
  port: Number(port),
  directory,
  silent: true,
  configureBuckets: [{ name: bucket, configs: [cors] }],
});
const address = (await server.run()) as { port: number };
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
process.on("SIGTERM", () => void server.close().then(() => process.exit(0)));
