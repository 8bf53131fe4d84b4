// The server of a check: the static server over a built site, in a worker thread of its own, so
// that parsing pages in the crawling thread never holds back its answers (see checkServer.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { closeServer, createStaticServer, listenOnFreePort } from '../server/staticServer.js';

const { root, baseUrl } = workerData as { root: string; baseUrl: string };
/** `127.0.0.1:<port>`, the only Host the crawler sends; set once the port is known. */
let servedHost = '';
const server = createStaticServer({
  root,
  baseUrl,
  // Whatever folder is checked (the home folder, even), only the crawl may read it: a page of
  // another site whose name was made to point at this machine (DNS rebinding) gets nothing.
  extraHandler: (req, res) => {
    if (req.headers.host === servedHost) return false;
    res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' }).end('Forbidden: unknown Host\n');
    return true;
  },
});
// No time limit on a request: the only client is the crawl, and on a busy machine a request can
// wait in this thread longer than Node's limits (60 s for the headers), which answered it with 408
// Request Timeout, a broken link for the check.
server.requestTimeout = 0;
server.headersTimeout = 0;
const listening = await listenOnFreePort(server, { host: '127.0.0.1', port: 0 });
servedHost = new URL(listening.url).host;
parentPort!.on('message', (message: unknown) => {
  if (message !== 'close') return;
  void closeServer(server).then(() => parentPort!.close());
});
parentPort!.postMessage({ url: listening.url });
