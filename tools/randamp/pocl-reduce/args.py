import re, sys
# Prints the parameter names of t3_device_kernel in k.cl, space-separated.
s = open(sys.argv[1]).read()
m = re.search(r'void\s+t3_device_kernel\s*\(([^)]*)\)', s)
if not m: sys.exit(1)
names = [re.findall(r'[A-Za-z_][A-Za-z_0-9]*', p)[-1] for p in m.group(1).split(',') if p.strip()]
print(' '.join(names))
