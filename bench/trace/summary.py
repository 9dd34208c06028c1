#!/usr/bin/env python3
"""Prints an AMPCC_TRACE_FILE trace as text: every event in time order
(milliseconds from the first), its track, name and details; with --busy,
per track the time covered by its events (of the span from its first
event's start to its last event's end) and the time two tracks' events
overlap (for two devices: how much their work ran at once).
With --gaps (and --busy), per track the idle time between its commands.
Usage: summary.py TRACE.json [--busy [--gaps]] [--limit N]"""
import json
import sys


def intervals(events):
    """Merged [start, end) intervals of the events, in ms."""
    spans = sorted((e['ts'] / 1e3, (e['ts'] + e.get('dur', 0)) / 1e3)
                   for e in events)
    merged = []
    for s, e in spans:
        if merged and s <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], e)
        else:
            merged.append([s, e])
    return merged


def covered(iv):
    return sum(e - s for s, e in iv)


def overlap(a, b):
    total, i, j = 0.0, 0, 0
    while i < len(a) and j < len(b):
        s, e = max(a[i][0], b[j][0]), min(a[i][1], b[j][1])
        total += max(0.0, e - s)
        if a[i][1] < b[j][1]:
            i += 1
        else:
            j += 1
    return total


def main():
    args = sys.argv[1:]
    path = args[0]
    limit = int(args[args.index('--limit') + 1]) if '--limit' in args else 10**9
    data = json.load(open(path))
    tracks = {e['tid']: e['args']['name'] for e in data['traceEvents']
              if e.get('ph') == 'M' and e.get('name') == 'thread_name'}
    events = [e for e in data['traceEvents'] if e.get('ph') != 'M']
    events.sort(key=lambda e: e['ts'])
    for e in events[:limit]:
        detail = ', '.join('%s=%s' % kv for kv in e.get('args', {}).items())
        print('%10.3f %9.3f  %-32s %-32s %s' % (
            e['ts'] / 1e3, e.get('dur', 0) / 1e3, tracks.get(e['tid'], '?')[:32],
            e['name'][:32], detail[:70]))
    if '--busy' in args:
        by_track = {}
        for e in events:
            by_track.setdefault(tracks.get(e['tid'], '?'), []).append(e)
        iv = {t: intervals(ev) for t, ev in by_track.items()}
        print('track busy time (ms):')
        for t in sorted(iv):
            span = iv[t][-1][1] - iv[t][0][0]
            print('  %-40s %10.3f  of %10.3f  (%d events)' % (
                t, covered(iv[t]), span, len(by_track[t])))
            if '--gaps' in args:
                # Idle time between one command's end and the next's start,
                # counting only gaps under 5 ms (steady work, not setup).
                gaps = sorted(b[0] - a[1] for a, b in zip(iv[t], iv[t][1:])
                              if b[0] - a[1] < 5.0)
                if gaps:
                    print('  %-40s gaps under 5 ms: %d, %.3f ms in all, '
                          'median %.4f ms' % ('', len(gaps), sum(gaps),
                                              gaps[len(gaps) // 2]))
        names = sorted(iv)
        for i in range(len(names)):
            for j in range(i + 1, len(names)):
                o = overlap(iv[names[i]], iv[names[j]])
                if o > 0:
                    print('  overlap %s / %s: %.3f' % (names[i], names[j], o))


if __name__ == '__main__':
    main()
