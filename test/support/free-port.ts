import { createServer } from "node:net";

/** A free loopback port: Probot's `run` reads PORT=0 as "use 3000", so a test picks one for the process it starts. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
