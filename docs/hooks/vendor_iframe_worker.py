"""Vendor the iframe-worker shim, which the offline site's search needs.

mkdocs-material's offline plugin runs the search in a Web Worker; a page opened
from disk (``file://``) may not start one, so the plugin adds the iframe-worker
shim, from a CDN (unpkg.com) unless ``extra.polyfills`` names a copy already.
``mkdocs.yml`` names ours, ``docs/javascripts/iframe-worker/shim.js``, with
its licence beside it (MIT), so the built site loads no script from the network.

The copy is committed. ``make docs`` runs this script, which checks it against
the pinned SHA-256 and, only when it is missing or different, fetches the
pinned version's tarball from the npm registry (plain HTTPS, no npm needed),
checks the tarball's published SHA-512, and writes the shim and licence.
To move to another version, change the pins below (``npm view
iframe-worker@VERSION dist``) and run ``make vendor``.

    python docs/hooks/vendor_iframe_worker.py [--check]
"""

from __future__ import annotations

import base64
import hashlib
import io
import sys
import tarfile
import urllib.request
from pathlib import Path

VERSION = "1.0.4"
TARBALL = f"https://registry.npmjs.org/iframe-worker/-/iframe-worker-{VERSION}.tgz"
TARBALL_SHA512 = (  # the registry's "integrity" of that tarball
    "roeaaI+Lg1LJNfgpCjoRe/+WzEjy9+Z08LoEvu85MCPbBjwm+qXz8Ag5U05lHa6V1CysZyGzE0SOkAtSUA5q7Q=="
)
FILES = {  # path in the tarball -> (file here, its SHA-256)
    "package/shim/index.js": (
        "shim.js",
        "e8e412dbcfea9b7e31b5ffa288d7b6035915e714c542f4176a0cdbe262fc9609",
    ),
    "package/LICENSE": (
        "LICENSE",
        "dd69737a4768aab9f934a5aed9efab9561ac4062d4fdbe490d44369a2cf48b6b",
    ),
}
HERE = Path(__file__).resolve().parents[1] / "javascripts" / "iframe-worker"


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def up_to_date() -> bool:
    """Whether every vendored file is there with its pinned content."""
    return all(
        (HERE / name).is_file() and _sha256((HERE / name).read_bytes()) == sha
        for name, sha in FILES.values()
    )


def fetch() -> None:
    """Download the pinned tarball, check it, and write the vendored files."""
    with urllib.request.urlopen(TARBALL, timeout=60) as response:
        tarball = response.read()
    if base64.b64encode(hashlib.sha512(tarball).digest()).decode() != TARBALL_SHA512:
        raise SystemExit(f"{TARBALL}: SHA-512 is not the pinned one; nothing written")
    with tarfile.open(fileobj=io.BytesIO(tarball), mode="r:gz") as tar:
        contents = {}
        for member, (name, sha) in FILES.items():
            handle = tar.extractfile(member)
            if handle is None:
                raise SystemExit(f"{TARBALL}: no file {member}")
            data = handle.read()
            if _sha256(data) != sha:
                raise SystemExit(f"{TARBALL}: {member} is not the pinned file")
            contents[name] = data
    HERE.mkdir(parents=True, exist_ok=True)
    for name, data in contents.items():
        (HERE / name).write_bytes(data)


def main(argv: list[str]) -> int:
    if up_to_date():
        return 0
    if "--check" in argv:
        print(f"{HERE} is missing or not iframe-worker {VERSION}: run make vendor")
        return 1
    fetch()
    print(f"vendored iframe-worker {VERSION} into {HERE}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
