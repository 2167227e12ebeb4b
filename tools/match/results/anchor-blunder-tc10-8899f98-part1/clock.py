# Reads a tools/match engines.log and prints, per game, each engine's clock
# (ms left when asked to move) at its moves 20, 40 and 60.
import sys, re, collections
games = []           # list of dict engine -> {move: ms}
pos = {}
cur = None
for line in open(sys.argv[1], errors='replace'):
    m = re.match(r'(\S+) > (.*)', line.rstrip('\n'))
    if not m: continue
    eng, cmd = m.groups()
    if cmd == 'ucinewgame':
        if eng.startswith('cb2026'):
            cur = collections.defaultdict(dict); games.append(cur)
        continue
    if cmd.startswith('position'):
        pos[eng] = cmd; continue
    if cmd.startswith('go wtime') and cur is not None:
        p = pos[eng].split()
        fen = p[2:8]; moves = p[p.index('moves')+1:] if 'moves' in p else []
        white = (fen[1] == 'w') == (len(moves) % 2 == 0)
        full = int(fen[5]) + (len(moves) + (fen[1] == 'b')) // 2
        t = dict(zip(cmd.split()[1::2], cmd.split()[2::2]))
        cur[eng][full] = int(t['wtime' if white else 'btime'])
for i, g in enumerate(games, 1):
    row = [f'game {i}']
    for eng in sorted(g):
        row.append(eng + ': ' + ' '.join(f'm{n}={g[eng].get(n, "-")}' for n in (20, 40, 60)))
    print(' | '.join(row))
