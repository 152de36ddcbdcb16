"""The independent oracle of aie-deadlock (issue 26, part 6): generated aie
designs and an exhaustive explorer of their interleavings that shares no
code with air-check. Driver: bench/aie_oracle.py."""
