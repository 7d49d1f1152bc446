# The hand edits of run 4 (see command.sh), applied to .gpu/exp/r2c/rows_hierarchical_split.cl
# (liftcl fft --n 65536 --real --batch 511 --precision f32 --local-memory 49152 --emit .gpu/exp/r2c).
import sys
d = sys.argv[1] if len(sys.argv) > 1 else '.gpu/exp/'
src = open(d + 'r2c/rows_hierarchical_split.cl').read()

def call_end(s, open_paren):
    depth = 0
    for i in range(open_paren, len(s)):
        depth += {'(': 1, ')': -1}.get(s[i], 0)
        if depth == 0:
            return i + 1
    raise ValueError('unbalanced')

def call_args(s, open_paren):
    end = call_end(s, open_paren)
    args, depth, cur = [], 0, ''
    for ch in s[open_paren + 1:end - 1]:
        depth += {'(': 1, '[': 1, ')': -1, ']': -1}.get(ch, 0)
        if ch == ',' and depth == 0:
            args.append(cur.strip()); cur = ''
        else:
            cur += ch
    return end, args + [cur.strip()]

def aligned(s):
    return s.replace('+ 32769 * (wg0_0 >> 4)] = ', '+ 32768 * (wg0_0 >> 4)] = ')

def generic(s):
    i = s.index('mirrorOf(mirrorKind(')
    end, args = call_args(s, i + len('mirrorOf'))
    return s[:i] + args[1] + s[end:]

def noroots(s):
    i = s.index('gentwfrarr(256, 2, gtab_1,')
    return s[:i] + '(complex)(1.0f, 0.0f)' + s[call_end(s, i + len('gentwfrarr')):]

for name, text in {'orig': src, 'aligned': aligned(src), 'generic': generic(src), 'noroots': noroots(src),
                   'all': noroots(generic(aligned(src)))}.items():
    open(d + 'split_' + name + '.cl', 'w').write(text)
