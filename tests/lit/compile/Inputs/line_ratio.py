"""Reads compile_corpus.py's output and checks that design <long> has at
most <ratio> times the lines of design <base> (issue 20: the BD chains do
not grow with K). Prints both counts and the ratio; exit 1 when it is
larger, or when either was not compiled."""
import sys

path, long_name, base_name, ratio = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
lines = {}
for line in open(path):
    parts = line.split()
    if len(parts) == 3 and parts[0] == "lines":
        lines[parts[1]] = int(parts[2])
if long_name not in lines or base_name not in lines:
    print(f"not compiled: {long_name if long_name not in lines else base_name}")
    sys.exit(1)
r = lines[long_name] / lines[base_name]
print(f"{long_name}: {lines[long_name]} lines, {base_name}: {lines[base_name]} lines, ratio {r:.2f}")
sys.exit(0 if r <= ratio else 1)
