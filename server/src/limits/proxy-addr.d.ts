// proxy-addr (express's, here a direct dependency) ships no types; the two calls used.
declare module 'proxy-addr' {
  import type { IncomingMessage } from 'node:http';
  type Trust = (address: string, hop: number) => boolean;
  function proxyaddr(req: IncomingMessage, trust: Trust | string | string[]): string | undefined;
  namespace proxyaddr {
    function compile(list: string | string[]): Trust;
  }
  export = proxyaddr;
}
