import { describe, expect, it } from '@jest/globals';
import { DEFAULT_TIMEOUT_S, parseCliArgs, parseInviteLink, parseServerUrl, UsageError } from './args.js';

describe('parseInviteLink', () => {
  it('splits an invite link into the server origin and the room id', () => {
    expect(parseInviteLink('http://127.0.0.1:2567/room/abc123')).toEqual({ server: 'http://127.0.0.1:2567', roomId: 'abc123' });
    expect(parseInviteLink('https://fireside.example/room/X_y-9')).toEqual({ server: 'https://fireside.example', roomId: 'X_y-9' });
  });

  it('ignores a trailing slash, a query, a hash and surrounding spaces', () => {
    expect(parseInviteLink(' http://h:1234/room/r1/?lang=ja#top ')).toEqual({ server: 'http://h:1234', roomId: 'r1' });
  });

  it('keeps a path prefix in front of /room/ (a server behind a reverse proxy)', () => {
    expect(parseInviteLink('https://example.org/games/fireside/room/r9')).toEqual({ server: 'https://example.org/games/fireside', roomId: 'r9' });
  });

  it('maps ws(s) to http(s)', () => {
    expect(parseInviteLink('wss://example.org/room/r1').server).toBe('https://example.org');
    expect(parseInviteLink('ws://example.org:80/room/r1').server).toBe('http://example.org');
  });

  it.each([
    ['not a url'],
    ['http://h:1/rooms/abc'],
    ['http://h:1/room/'],
    ['http://h:1/room/a/b'],
    ['http://h:1/room/bad%20id'],
    ['ftp://h/room/abc'],
    ['http://h:1/'],
  ])('refuses %s', (link) => {
    expect(() => parseInviteLink(link)).toThrow(UsageError);
  });
});

describe('parseServerUrl', () => {
  it('normalizes the origin', () => {
    expect(parseServerUrl('http://127.0.0.1:2567/')).toBe('http://127.0.0.1:2567');
    expect(parseServerUrl('wss://example.org/prefix/')).toBe('https://example.org/prefix');
  });
  it('refuses what is not an http(s)/ws(s) URL', () => {
    expect(() => parseServerUrl('127.0.0.1:2567')).toThrow(UsageError);
    expect(() => parseServerUrl('file:///tmp/x')).toThrow(UsageError);
  });
});

describe('parseCliArgs', () => {
  it('parses the create mode with every option', () => {
    expect(
      parseCliArgs([
        '--server',
        'http://127.0.0.1:2567',
        '--game',
        'gifttrap',
        '--players',
        '5',
        '--options',
        '{"goal":20}',
        '--seed',
        's1',
        '--timeout',
        '30',
        '--delay',
        '50',
        '-v',
      ]),
    ).toEqual({
      mode: 'create',
      server: 'http://127.0.0.1:2567',
      game: 'gifttrap',
      players: 5,
      options: { goal: 20 },
      seed: 's1',
      timeoutMs: 30_000,
      delayMs: 50,
      verbose: true,
    });
  });

  it('has defaults: gifttrap, 4 players, 600 s, no delay', () => {
    expect(parseCliArgs(['--server=http://h:1'])).toEqual({
      mode: 'create',
      server: 'http://h:1',
      game: 'gifttrap',
      players: 4,
      options: undefined,
      seed: undefined,
      timeoutMs: DEFAULT_TIMEOUT_S * 1000,
      delayMs: 0,
      verbose: false,
    });
  });

  it('parses the join mode', () => {
    expect(parseCliArgs(['--join', 'http://h:2567/room/r42', '--name', ' Zed ', '--timeout', '5'])).toEqual({
      mode: 'join',
      server: 'http://h:2567',
      roomId: 'r42',
      name: 'Zed',
      seed: undefined,
      timeoutMs: 5000,
      delayMs: 0,
      verbose: false,
    });
    expect(parseCliArgs(['--join', 'http://h:2567/room/r42'])).toMatchObject({ mode: 'join', name: 'Bot' });
  });

  it('recognizes --help and -h whatever else is given', () => {
    expect(parseCliArgs(['--help'])).toEqual({ mode: 'help' });
    expect(parseCliArgs(['-h', '--players', 'x'])).toEqual({ mode: 'help' });
  });

  it.each([
    [[], /either --server/],
    [['--players', '5'], /either --server/],
    [['--server', 'http://h:1', '--players', 'five'], /--players expects a positive integer/],
    [['--server', 'http://h:1', '--players', '2.5'], /--players/],
    [['--server', 'http://h:1', '--players', '0'], /--players/],
    [['--server', 'http://h:1', '--options', '{goal:20}'], /not valid JSON/],
    [['--server', 'http://h:1', '--options', '[1]'], /JSON object/],
    [['--server', 'http://h:1', '--options', 'null'], /JSON object/],
    [['--server', 'http://h:1', '--timeout', '-3'], /--timeout/],
    [['--server', 'http://h:1', '--delay', 'soon'], /--delay/],
    [['--server', 'http://h:1', '--game', 'Gift Trap'], /bad game id/],
    [['--server', 'http://h:1', '--name', 'x'], /--name is only for --join/],
    [['--server', 'http://h:1', '--bogus'], /bogus/],
    [['--server', 'http://h:1', 'extra'], /extra/],
    [['--join', 'http://h:1/room/r', '--players', '5'], /--players cannot be used with --join/],
    [['--join', 'http://h:1/room/r', '--server', 'http://h:1'], /--server cannot be used with --join/],
    [['--join', 'http://h:1/lobby'], /room/],
    [['--join', 'http://h:1/room/r', '--name', '   '], /--name/],
    [['--join', 'http://h:1/room/r', '--name', 'x'.repeat(25)], /--name/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(UsageError);
    expect(() => parseCliArgs(argv)).toThrow(message);
  });
});
