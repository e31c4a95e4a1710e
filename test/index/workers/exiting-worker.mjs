// An index worker that exits with code 7 on its first request, as a worker killed by a fatal error would.
import { parentPort } from "node:worker_threads";

parentPort.on("message", () => process.exit(7));
