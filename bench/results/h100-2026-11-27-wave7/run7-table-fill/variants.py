# Experiment only (GPU job 7 of wave 7): copies of a generated local FFT kernel whose per-work-group
# twiddle tables are filled differently, to time beside the original with bench/gpu/kernel_info:
#   <name>.const.cl  from a __constant table of the same values computed here in double precision
#   <name>.none.cl   not filled at all (the cost of the fill; the results are then wrong)
# Usage: python3 variants.py KERNEL.cl
import math, re, sys

path = sys.argv[1]
src = open(path).read()
double = 'typedef double real;' in src
fill = re.compile(r'for \(int i = item_; i < (\d+); i \+= items_\) (ltab_\d+)\[i\] = genTwiddle\(i % (\d+), \(i / (\d+)\), (\d+), (\d+)\);')
tables = []
def const_fill(m):
    count, name, L, L2, size, amount = m.groups()
    count, L, size, amount = int(count), int(L), int(size), int(amount)
    n = size * amount
    vals = []
    for i in range(count):
        r = ((i % L) * (i // L)) % n
        a = 2 * math.pi * r / n
        fmt = '%.17e' if double else '%.9ef'
        vals.append('(complex)(' + fmt % math.cos(a) + ', ' + fmt % -math.sin(a) + ')')
    tables.append('constant complex c%s[%d] = {%s};\n' % (name, count, ', '.join(vals)))
    return 'for (int i = item_; i < %d; i += items_) %s[i] = c%s[i];' % (count, name, name)
const = fill.sub(const_fill, src)
kernel_at = const.index('__attribute__') if '__attribute__' in const else const.index('kernel void')
const = const[:kernel_at] + ''.join(tables) + const[kernel_at:]
open(path[:-3] + '.const.cl', 'w').write(const)
open(path[:-3] + '.none.cl', 'w').write(fill.sub('', src))
print(path, len(tables), 'tables')
