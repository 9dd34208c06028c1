#!/usr/bin/env python3
"""Builds and runs the corpus of real C++ AMP programs (tools/corpus/manifest.json).

The programs' code stays outside the repository: each entry names a public
repository, a commit and the files to take; the runner extracts them from a
local bare mirror (fetched with the library's `fetch`, default /work/.mirror),
applies the entry's patch if it has one (Windows-only code ampcc cannot
provide, with the reason in the manifest), compiles with ampcc, runs the
program on the default device with its arguments and a timeout, and decides
success from the entry's rule. One line per program and a total; a TSV of
the results.

  tools/corpus/run-corpus.py                      # everything, PoCL (default device)
  tools/corpus/run-corpus.py --filter 'book-'     # entries whose name matches
  tools/corpus/run-corpus.py --bundle .device/corpus   # also pack the built programs for the GPU machine
  tools/corpus/run-corpus.py --prebuilt .device/corpus # run a pack (no compiler needed)

The success rule of an entry ("success"): exit code ("exit", default 0),
regexes the output must contain ("require", all of them) and must not contain
("forbid", none of them), searched in stdout+stderr.
"""
import argparse
import glob
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def git_dir(mirrors, repo):
    base = os.path.join(mirrors, repo.replace("/", "+"))
    for cand in (os.path.join(base, "repo"), os.path.join(base, "repo", ".git"), base):
        if os.path.isfile(os.path.join(cand, "HEAD")) and os.path.isdir(os.path.join(cand, "objects")):
            return cand
    return None


def extract(gdir, commit, paths, dest):
    """Writes the blobs under `paths` (files or folders) at `commit` into dest.
    Blobs missing from the mirror (it lacks files of 4 MiB and more) are
    reported; a missing blob that was named explicitly is an error."""
    r = subprocess.run(["git", "--git-dir", gdir, "--literal-pathspecs", "ls-tree", "-r", "-z",
                        commit, "--"] + paths, capture_output=True)
    if r.returncode:
        raise RuntimeError("ls-tree: " + r.stderr.decode(errors="replace").strip())
    blobs = []
    for rec in r.stdout.split(b"\0"):
        if not rec:
            continue
        meta, path = rec.split(b"\t", 1)
        _mode, typ, sha = meta.split()
        if typ == b"blob":
            blobs.append((path.decode(), sha.decode()))
    named = set(paths)
    found = {p for p, _ in blobs}
    for p in named:
        if p in (".", "./", "") and found:
            continue
        if p not in found and not any(f.startswith(p.rstrip("/") + "/") for f in found):
            raise RuntimeError("not in %s at %s: %s" % (gdir, commit[:10], p))
    missing = []
    proc = subprocess.Popen(["git", "--git-dir", gdir, "cat-file", "--batch"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    for path, sha in blobs:
        proc.stdin.write((sha + "\n").encode())
        proc.stdin.flush()
        header = proc.stdout.readline().decode().split()
        if len(header) < 3 or header[1] != "blob":
            missing.append(path)
            continue
        size = int(header[2])
        data = proc.stdout.read(size)
        proc.stdout.read(1)
        out = os.path.join(dest, path)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with open(out, "wb") as f:
            f.write(data)
    proc.stdin.close()
    proc.wait()
    bad = [m for m in missing if m in named]
    if bad:
        raise RuntimeError("blobs missing from the mirror: " + ", ".join(bad))
    return missing


BUNDLE_SKIP = ("*.cpp", "*.h", "*.hpp", "*.c", "*.inl", "*.vcxproj*", "*.sln", "*.pdf", "*.docx", "*.ps",
               "*.jpg", "*.png", "*.cs", "*.xml", "*.orig", "*.rej")


def tail(text, n=1500):
    return text if len(text) <= n else "..." + text[-n:]


def judge(entry, rc, output):
    rule = entry.get("success", {})
    want = rule.get("exit", 0)
    if want is not None and rc != want:
        return False, "exit %d (want %d)" % (rc, want)
    for rx in rule.get("require", []):
        if not re.search(rx, output, re.M):
            return False, "missing /%s/" % rx
    for rx in rule.get("forbid", []):
        m = re.search(rx, output, re.M)
        if m:
            return False, "found /%s/: %r" % (rx, output[max(0, m.start() - 60):m.end() + 60])
    return True, ""


# What a program prints is kept up to this many bytes: a menu that loops at
# the end of its input prints forever, and the runner must not hold it all.
OUTPUT_LIMIT = 16 << 20


def run_program(entry, exe, cwd, timeout, env):
    """Runs one program; returns (result, why, output, seconds)."""
    import tempfile
    import threading
    t0 = time.time()
    # A program that reads its input (a menu, a list of problems) gets the
    # entry's "stdin"; every other one an empty input. The entry's "env"
    # (each with its reason in the manifest) is set over the runner's.
    run_env = dict(env, **entry.get("env", {}))
    with tempfile.TemporaryFile() as stdin:
        stdin.write(entry.get("stdin", "").encode())
        stdin.seek(0)
        p = subprocess.Popen([exe] + entry.get("args", []), cwd=cwd, stdin=stdin,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=run_env)
        kept = []
        size = [0]

        def drain():
            for chunk in iter(lambda: p.stdout.read(1 << 16), b""):
                if size[0] < OUTPUT_LIMIT:
                    kept.append(chunk[:OUTPUT_LIMIT - size[0]])
                size[0] += len(chunk)
        reader = threading.Thread(target=drain)
        reader.start()
        try:
            rc = p.wait(timeout=timeout)
            timed_out = False
        except subprocess.TimeoutExpired:
            p.kill()
            rc = p.wait()
            timed_out = True
        reader.join()
    out = b"".join(kept).decode(errors="replace")
    if size[0] > OUTPUT_LIMIT:
        out += "\n[runner: %d bytes of output, the first %d kept]\n" % (size[0], OUTPUT_LIMIT)
    if timed_out:
        return "timeout", "after %ds" % timeout, out, time.time() - t0
    ok, why = judge(entry, rc, out)
    return ("pass" if ok else "fail"), why, out, time.time() - t0


def build_entry(entry, args, wdir):
    """Extracts, patches and compiles one entry in wdir; returns (ok, log)."""
    gdir = git_dir(args.mirrors, entry["repo"])
    if not gdir:
        return False, "no mirror of %s under %s (fetch it with the library's fetch)" % (entry["repo"], args.mirrors)
    src = os.path.join(wdir, "src")
    shutil.rmtree(wdir, ignore_errors=True)
    os.makedirs(src)
    log = []
    missing = extract(gdir, entry["commit"], entry["files"], src)
    if missing:
        log.append("note: %d blobs absent from the mirror (large files): %s" % (len(missing), ", ".join(missing[:5])))
    if entry.get("patch"):
        p = subprocess.run(["patch", "-p1", "--no-backup-if-mismatch", "-d", src], input=entry["patch"].encode(),
                           capture_output=True)
        log.append(p.stdout.decode(errors="replace"))
        if p.returncode:
            return False, "\n".join(log) + "patch failed: " + p.stderr.decode(errors="replace")
    objs = []
    excl = set(entry.get("exclude", []))
    c_sources = [c for c in expand(src, entry.get("c_sources", [])) if c not in excl]
    sources = [c for c in expand(src, entry["sources"]) if c not in excl]
    for c in c_sources:
        obj = os.path.join(wdir, os.path.basename(c) + ".o")
        cmd = ["clang-19", "-c", "-O2", "-w"] + entry.get("c_flags", []) + [os.path.join(src, c), "-o", obj]
        p = subprocess.run(cmd, capture_output=True, cwd=src)
        if p.returncode:
            return False, " ".join(cmd) + "\n" + p.stdout.decode() + p.stderr.decode()
        objs.append(obj)
    exe = os.path.join(wdir, "prog")
    # {src}: the extracted tree; {corpus}: this folder (its compat/ headers).
    flags = [f.replace("{src}", src).replace("{corpus}", HERE)
             for f in args.defaults.get("flags", []) + entry.get("flags", []) + args.cflags]
    incs = ["-I" + os.path.join(src, d) for d in entry.get("include", [])]
    cmd = [args.ampcc] + flags + incs + [os.path.join(src, s) for s in sources] + objs + \
        [f.replace("{src}", src) for f in entry.get("ldflags", [])] + ["-o", exe]
    t0 = time.time()
    p = subprocess.run(cmd, capture_output=True, cwd=src)
    log.append("$ " + " ".join(cmd))
    log.append(p.stdout.decode(errors="replace") + p.stderr.decode(errors="replace"))
    log.append("compile %.1fs" % (time.time() - t0))
    return p.returncode == 0, "\n".join(log)


def expand(src, patterns):
    """Source lists may hold glob patterns (relative to the extracted tree)."""
    out = []
    for pat in patterns:
        if any(ch in pat for ch in "*?["):
            hits = sorted(glob.glob(os.path.join(src, pat)))
            if not hits:
                raise RuntimeError("no file matches " + pat)
            out += [os.path.relpath(h, src) for h in hits]
        else:
            out.append(pat)
    return out


def run_dir_of(entry, base):
    return os.path.join(base, entry.get("run_dir", os.path.dirname(entry["sources"][0])))


def process(entry, args, env):
    name = entry["name"]
    wdir = os.path.join(args.work, name)
    t0 = time.time()
    timeout = entry.get("timeout", args.defaults.get("timeout", 300))
    if args.timeout_scale != 1:
        timeout = int(timeout * args.timeout_scale)
    if args.prebuilt:
        pdir = os.path.join(args.prebuilt, name)
        exe = os.path.join(pdir, "prog")
        # A compile-only entry passes where it built, which its folder in
        # the pack shows; one that did not build is not there.
        if entry.get("build_only") and os.path.isdir(pdir):
            return name, "ok", "pass", "compile-only entry (no main)", 0.0, ""
        if not os.path.exists(exe):
            return name, "fail", "-", "not in the pack", 0.0, ""
        cwd = run_dir_of(entry, os.path.join(pdir, "src"))
        res, why, out, secs = run_program(entry, exe, cwd, timeout, env)
        with open(os.path.join(args.work, name + ".log"), "w") as f:
            f.write(out)
        return name, "ok", res, why, secs, out
    try:
        ok, log = build_entry(entry, args, wdir)
    except Exception as e:  # extraction problems
        ok, log = False, "error: %s" % e
    with open(os.path.join(wdir, "build.log") if os.path.isdir(wdir) else os.path.join(args.work, name + ".build.log"), "w") as f:
        f.write(log)
    if not ok:
        first = next((l for l in log.splitlines() if "error" in l.lower()), log.strip().splitlines()[-1] if log.strip() else "")
        return name, "fail", "-", first[:300], time.time() - t0, log
    exe = os.path.join(wdir, "prog")
    cwd = run_dir_of(entry, os.path.join(wdir, "src"))
    if entry.get("build_only"):
        res, why, out, secs = "pass", "compile-only entry (no main)", "", 0.0
    elif args.build_only:
        res, why, out, secs = "-", "", "", 0.0
    else:
        res, why, out, secs = run_program(entry, exe, cwd, timeout, env)
        with open(os.path.join(wdir, "run.log"), "w") as f:
            f.write(out)
    if args.bundle:
        pdir = os.path.join(args.bundle, name)
        shutil.rmtree(pdir, ignore_errors=True)
        os.makedirs(pdir)
        subprocess.run(["strip", "-o", os.path.join(pdir, "prog"), exe])
        # The extracted tree's data files (inputs the program reads), no
        # sources, at the same relative paths; only the entry's "data" when
        # it lists them (a folder of problems of which it reads one).
        if entry.get("data"):
            for rel in entry["data"]:
                dst = os.path.join(pdir, "src", rel)
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                shutil.copy(os.path.join(wdir, "src", rel), dst)
        else:
            shutil.copytree(os.path.join(wdir, "src"), os.path.join(pdir, "src"),
                            ignore=shutil.ignore_patterns(*BUNDLE_SKIP))
        os.makedirs(cwd.replace(os.path.join(wdir, "src"), os.path.join(pdir, "src"), 1), exist_ok=True)
    if not args.keep and res == "pass":
        shutil.rmtree(os.path.join(wdir, "src"), ignore_errors=True)
    return name, "ok", res, why, secs, out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--manifest", default=os.path.join(HERE, "manifest.json"))
    ap.add_argument("--mirrors", default="/work/.mirror", help="folder of bare mirrors, owner+name/repo")
    ap.add_argument("--work", default="/tmp/corpus-work", help="where programs are extracted and built")
    ap.add_argument("--ampcc", default=os.path.join(ROOT, "build", "bin", "ampcc"))
    ap.add_argument("--filter", default=None, help="regex on entry names")
    ap.add_argument("-j", type=int, default=1, help="entries at a time")
    ap.add_argument("--keep", action="store_true", help="keep the sources of passing entries")
    ap.add_argument("--tsv", default=None, help="results file (default WORK/results.tsv)")
    ap.add_argument("--build-only", action="store_true")
    ap.add_argument("--bundle", default=None, help="copy built programs and their run folders here")
    ap.add_argument("--prebuilt", default=None, help="run programs from a pack made with --bundle")
    ap.add_argument("--cflags", default="", help="extra ampcc flags for every entry, e.g. -fsanitize=bounds (checked mode)")
    ap.add_argument("--timeout-scale", type=float, default=1.0)
    ap.add_argument("--list", action="store_true", help="list the entries and exit")
    args = ap.parse_args()
    with open(args.manifest) as f:
        manifest = json.load(f)
    args.defaults = manifest.get("defaults", {})
    args.ampcc = os.path.abspath(args.ampcc)
    args.cflags = args.cflags.split()
    entries = [e for e in manifest["entries"] if not args.filter or re.search(args.filter, e["name"])]
    if args.list:
        for e in entries:
            print("%-36s %-32s %s" % (e["name"], e["repo"], e.get("category", "")))
        print("%d entries" % len(entries))
        return 0
    os.makedirs(args.work, exist_ok=True)
    if args.bundle:
        args.bundle = os.path.abspath(args.bundle)
        os.makedirs(args.bundle, exist_ok=True)
        shutil.copy(args.manifest, os.path.join(args.bundle, "manifest.json"))
    env = dict(os.environ)
    tsv = args.tsv or os.path.join(args.work, "results.tsv")
    results = {}
    t_all = time.time()
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.j)) as ex:
        futs = {ex.submit(process, e, args, env): e for e in entries}
        for fut in concurrent.futures.as_completed(futs):
            e = futs[fut]
            try:
                name, build, res, why, secs, _out = fut.result()
            except Exception as exc:
                name, build, res, why, secs = e["name"], "fail", "-", "runner: %s" % exc, 0.0
            results[name] = (build, res, why, secs)
            print("%-36s build %-4s run %-7s %6.1fs  %s" % (name, build, res, secs, why[:160]), flush=True)
    with open(tsv, "w") as f:
        f.write("name\trepo\tcommit\tcategory\tbuild\trun\tseconds\tdetail\n")
        for e in entries:
            b, r, why, s = results[e["name"]]
            f.write("\t".join([e["name"], e["repo"], e["commit"][:10], e.get("category", ""), b, r,
                               "%.1f" % s, why.replace("\t", " ").replace("\n", " ")[:400]]) + "\n")
    n = len(entries)
    built = sum(1 for v in results.values() if v[0] == "ok")
    passed = sum(1 for v in results.values() if v[1] == "pass")
    print("total: %d entries, %d built, %d passed, %d failed (%.0fs); results in %s" %
          (n, built, passed, n - passed, time.time() - t_all, tsv))
    return 0 if passed == n else 1


if __name__ == "__main__":
    sys.exit(main())
