"""What each table generator in Scripts/ does with the Swift source it generates.

`write_or_check(generate, output, arguments)` writes it to `output` (or to the path after
`--output`), or, with `--check`, compares it with the committed file at `output` and returns 1
with a message where they differ (the tests run every generator so), 0 where they agree.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def write_or_check(generate, output, arguments):
    destination = output
    if "--output" in arguments:
        destination = arguments[arguments.index("--output") + 1]
    text = generate()
    name = os.path.relpath(output, ROOT)
    if "--check" in arguments:
        try:
            with open(output, encoding="utf-8") as current:
                up_to_date = current.read() == text
        except FileNotFoundError:
            up_to_date = False
        if not up_to_date:
            print(f"{name} is out of date: run python3 {os.path.relpath(sys.argv[0], ROOT)}")
            return 1
        print(f"{name} is up to date")
        return 0
    os.makedirs(os.path.dirname(os.path.abspath(destination)), exist_ok=True)
    with open(destination, "w", encoding="utf-8") as f:
        f.write(text)
    return 0
