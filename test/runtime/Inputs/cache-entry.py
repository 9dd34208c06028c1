"""Inspects and damages entries of ampcc's kernel binary cache (the format
is in runtime/launches/KernelCache.h), for test/runtime/kernel-cache.cpp.

  cache-entry.py list DIR       print "entries: N" and "temporary files: M"
  cache-entry.py truncate DIR   cut every entry to half its size
  cache-entry.py flip DIR       invert the last byte of every entry (payload)
  cache-entry.py magic DIR      overwrite the first byte of every entry
  cache-entry.py garbage DIR    keep each entry's key text but store a
                                payload no driver accepts, with a correct
                                checksum: a valid entry the device refuses
"""
import hashlib
import os
import struct
import sys


def entries(directory):
    return sorted(os.path.join(directory, n) for n in os.listdir(directory)
                  if n.endswith(".clbin"))


def main():
    command, directory = sys.argv[1], sys.argv[2]
    if command == "list":
        names = os.listdir(directory)
        print("entries: %d" % sum(n.endswith(".clbin") for n in names))
        print("temporary files: %d" % sum(".tmp." in n for n in names))
        return
    for path in entries(directory):
        with open(path, "rb") as f:
            data = bytearray(f.read())
        if command == "truncate":
            data = data[:len(data) // 2]
        elif command == "flip":
            data[-1] ^= 0xFF
        elif command == "magic":
            data[0] = ord("X")
        elif command == "garbage":
            (key_size,) = struct.unpack_from("<Q", data, 12)
            head = data[:20 + key_size]
            payload = b"not a program binary" * 10
            data = (head + struct.pack("<Q", len(payload)) +
                    hashlib.sha256(payload).digest() + payload)
        else:
            sys.exit("unknown command " + command)
        with open(path, "wb") as f:
            f.write(data)


main()
