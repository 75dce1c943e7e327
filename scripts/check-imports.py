#!/usr/bin/env python3
"""Fails when a target imports a module it does not declare in Package.swift, or when ARCHITECTURE.md's
targets table does not list every target with exactly its declared dependencies.

SwiftPM lets a target import any module its declared dependencies bring along (transitive imports), so
the build alone does not keep ARCHITECTURE.md's targets table true; this check does (.ci/run runs it).

Usage: scripts/check-imports.py [PACKAGE_DIR] [--dump FILE]
  PACKAGE_DIR  the package (default: the one holding this script's folder)
  --dump FILE  read `swift package dump-package` output from FILE instead of running it
Prints one line per problem (`TARGET: FILE:LINE imports MODULE, which TARGET does not declare`,
`ARCHITECTURE.md: …`) and exits 1 when there is any; exits 0 and prints one summary line otherwise.
The table is checked when PACKAGE_DIR has an ARCHITECTURE.md: its rows whose first cell is a target's name
in backquotes, with the dependencies in the last cell (backquoted names, or "none").
"""

import json
import os
import re
import subprocess
import sys
import tempfile

# Modules of the toolchain itself, which no Package.swift declares.
TOOLCHAIN = {
    "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Glibc", "Musl", "Darwin",
    "Dispatch", "Testing", "XCTest", "Synchronization", "Observation", "RegexBuilder", "_Concurrency",
    "_StringProcessing", "Swift", "os",
}

IMPORT = re.compile(
    r"^\s*(?:@[\w]+(?:\([^)]*\))?\s+)*(?:public\s+|internal\s+|package\s+|private\s+|fileprivate\s+)?"
    r"import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)"
)


def module_name(target_name):
    """A target's module name: SwiftPM turns '-' in a target's name into '_'."""
    return target_name.replace("-", "_")


def declared_modules(target):
    """The modules a target may import: its own, and each declared target, product or by-name dependency."""
    names = {module_name(target["name"])}
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                names.add(module_name(dependency[kind][0]))
    return names


def source_folder(package_dir, target):
    if target.get("path"):
        return os.path.join(package_dir, target["path"])
    parent = "Tests" if target["type"] == "test" else "Sources"
    return os.path.join(package_dir, parent, target["name"])


def swift_files(folder):
    for root, _, files in os.walk(folder):
        for name in sorted(files):
            if name.endswith(".swift"):
                yield os.path.join(root, name)


def imports(path):
    """(line number, module) for each import outside a block comment and a multi-line string literal (a
    test's embedded Python script has imports of its own)."""
    found = []
    in_comment = False
    in_string = False
    with open(path, encoding="utf-8", errors="replace") as source:
        for number, line in enumerate(source, start=1):
            if line.count('"""') % 2 == 1:
                in_string = not in_string
                continue
            if in_string:
                continue
            if in_comment:
                if "*/" in line:
                    in_comment = False
                continue
            if line.lstrip().startswith("/*") and "*/" not in line:
                in_comment = True
                continue
            match = IMPORT.match(line)
            if match:
                found.append((number, match.group(1)))
    return found


def problems(package_dir, package):
    lines = []
    checked = 0
    for target in package["targets"]:
        if target["type"] in ("system", "binary", "plugin", "macro"):
            continue
        allowed = declared_modules(target) | TOOLCHAIN
        for path in swift_files(source_folder(package_dir, target)):
            checked += 1
            for number, module in imports(path):
                if module not in allowed:
                    relative = os.path.relpath(path, package_dir)
                    lines.append(
                        f"{target['name']}: {relative}:{number} imports {module}, "
                        f"which {target['name']} does not declare"
                    )
    return lines, checked


def declared_names(target):
    """A target's dependencies as Package.swift names them (targets, products and by-name)."""
    names = set()
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                names.add(dependency[kind][0])
    return names


TABLE_ROW = re.compile(r"^\|\s*`([^`]+)`\s*\|.*\|([^|]*)\|\s*$")


def table_problems(package_dir, package):
    """ARCHITECTURE.md's targets table against Package.swift: every target has one row, and each row's
    dependencies are the declared ones."""
    path = os.path.join(package_dir, "ARCHITECTURE.md")
    if not os.path.exists(path):
        return []
    rows = {}
    with open(path, encoding="utf-8") as file:
        for line in file:
            match = TABLE_ROW.match(line)
            if match:
                last = match.group(2).strip()
                rows[match.group(1)] = set() if last == "none" else set(re.findall(r"`([^`]+)`", last))
    lines = []
    for target in package["targets"]:
        name = target["name"]
        declared = declared_names(target)
        if name not in rows:
            lines.append(f"ARCHITECTURE.md: the targets table has no row for {name}")
        elif rows[name] != declared:
            missing = ", ".join(sorted(declared - rows[name])) or "nothing"
            extra = ", ".join(sorted(rows[name] - declared)) or "nothing"
            lines.append(f"ARCHITECTURE.md: {name}'s row leaves out {missing} and lists {extra} beyond Package.swift")
    return lines


def main(arguments):
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    package_dir = here
    dump_file = None
    rest = list(arguments)
    while rest:
        argument = rest.pop(0)
        if argument == "--dump" and rest:
            dump_file = rest.pop(0)
        elif not argument.startswith("-"):
            package_dir = os.path.abspath(argument)
        else:
            print(f"check-imports: unknown argument {argument}", file=sys.stderr)
            return 2
    if dump_file:
        with open(dump_file, encoding="utf-8") as file:
            package = json.load(file)
    else:
        # A scratch folder of its own: the check never waits for a build (or `swift test`) holding .build's lock.
        with tempfile.TemporaryDirectory(prefix="check-imports-") as scratch:
            result = subprocess.run(
                ["swift", "package", "--package-path", package_dir, "--scratch-path", scratch, "dump-package"],
                capture_output=True, text=True, check=False,
            )
        if result.returncode != 0:
            print(f"check-imports: swift package dump-package failed: {result.stderr.strip()}", file=sys.stderr)
            return 2
        package = json.loads(result.stdout)
    found, checked = problems(package_dir, package)
    table = table_problems(package_dir, package)
    for line in found + table:
        print(line)
    if found:
        print(f"check-imports: {len(found)} undeclared import(s); declare them in Package.swift", file=sys.stderr)
    if table:
        print(f"check-imports: ARCHITECTURE.md's targets table disagrees with Package.swift in {len(table)} place(s)", file=sys.stderr)
    if found or table:
        return 1
    print(f"check-imports: every import of {checked} files is declared")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
