# Cuts one picture out of a page drawn by air-check into a page of its own
# (the same stylesheet), for the README's screenshots (docs/examples/README.md).
# Usage: crop.py <page.html> <start marker> <end marker> <out.html>
import sys,re
src,start,end,out=sys.argv[1:5]
s=open(src).read()
head=s[:s.index('<body>')+6]
a=s.index(start); b=s.index(end,a)+len(end)
open(out,'w').write(head.replace('max-width:1500px','')+'<div style="display:inline-block">'+s[a:b]+'</div></body></html>\n')
