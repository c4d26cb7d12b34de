/**
 * The forwarder in a sandbox whose network is `relay`: it listens on the
 * loopback ports the agent is given (its proxy, its MCP endpoint, named
 * loopback services), carries each connection to the harness's Unix socket
 * for it, and once listening tells the harness so (a connection to the
 * socket in ENDSTATE_RELAY_READY). The listeners come in ENDSTATE_RELAY:
 * [{ "listen": "127.0.0.1:3128", "socket": "/tmp/.../proxy.sock" }].
 *
 * Given a command (`node -e RELAY_FORWARDER -- command...`) it starts it
 * once listening, with the same stdin, stdout and stderr, and ends as it
 * ends (its exit code, or the same signal). Without one it only relays,
 * beside an agent the sandbox's shell started at the same time
 * (RELAY_BESIDE). The agent may stop it or talk to the sockets itself: the
 * harness's end of each socket decides what passes, not this program.
 */
export const RELAY_FORWARDER = `
const net = require('node:net');
const { spawn } = require('node:child_process');
const relays = JSON.parse(process.env.ENDSTATE_RELAY || '[]');
const [program, ...args] = process.argv.slice(1);
let pending = relays.length;
const start = () => {
  if (process.env.ENDSTATE_RELAY_READY) {
    net.connect(process.env.ENDSTATE_RELAY_READY).on('error', () => {}).end();
  }
  if (program === undefined) return;
  const child = spawn(program, args, { stdio: 'inherit' });
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    process.stderr.write(String(error.message) + '\\n');
    process.exit(127);
  });
  child.on('exit', (code, signal) => {
    if (signal) {
      for (const name of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.removeAllListeners(name);
      process.kill(process.pid, signal);
    }
    process.exit(code === null ? 1 : code);
  });
};
if (pending === 0) start();
for (const relay of relays) {
  const at = relay.listen.lastIndexOf(':');
  const host = relay.listen.slice(0, at).replace(/^\\[|\\]$/g, '');
  const server = net.createServer((agent) => {
    const harness = net.connect(relay.socket);
    agent.pipe(harness).pipe(agent);
    agent.on('error', () => harness.destroy());
    harness.on('error', () => agent.destroy());
  });
  server.listen(Number(relay.listen.slice(at + 1)), host, () => {
    // Running the command, the forwarder lives as long as it; beside the agent, as long as the sandbox.
    if (program !== undefined) server.unref();
    if (--pending === 0) start();
  });
}
`;

/**
 * The sandbox's shell that starts the forwarder ($0, with its script in $1)
 * in the background and the agent's command in its place at once: the
 * agent's start does not wait for node's. The sandbox ends with the agent.
 */
export const RELAY_BESIDE = '"$0" -e "$1" </dev/null >/dev/null & shift; exec "$@"';
