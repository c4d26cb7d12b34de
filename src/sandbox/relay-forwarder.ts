/**
 * The first program in a sandbox whose network is `relay`: it listens on
 * the loopback ports the agent is given (its proxy, its MCP endpoint, named
 * loopback services) and carries each connection to the harness's Unix
 * socket for it, then runs the agent's command with the same stdin, stdout
 * and stderr, and ends as it ends (its exit code, or the same signal).
 * Started as `node -e RELAY_FORWARDER -- command...` with the listeners in
 * ENDSTATE_RELAY: [{ "listen": "127.0.0.1:3128", "socket": "/tmp/.../proxy.sock" }].
 * The agent may stop it or talk to the sockets itself: the harness's end of
 * each socket decides what passes, not this program.
 */
export const RELAY_FORWARDER = `
const net = require('node:net');
const { spawn } = require('node:child_process');
const relays = JSON.parse(process.env.ENDSTATE_RELAY || '[]');
let pending = relays.length;
const start = () => {
  const [program, ...args] = process.argv.slice(1);
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
    server.unref();
    if (--pending === 0) start();
  });
}
`;
