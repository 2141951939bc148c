"""The lock (constraints.txt) pins exactly what pyproject.toml asks for: every runtime and
test dependency, the transitive ones included, each at a version its ranges allow."""

from __future__ import annotations

import tomllib
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent


def locked() -> dict[str, Version]:
    """Package name to the version the lock pins."""
    pins: dict[str, Version] = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            pins[canonicalize_name(name)] = Version(version)
    return pins


def asked() -> list[Requirement]:
    """pyproject.toml's runtime and test requirements."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return [
        Requirement(text)
        for text in project["dependencies"] + project["optional-dependencies"]["test"]
    ]


def needed(requirements: list[Requirement]) -> dict[str, list[Requirement]]:
    """Every package the requirements need, followed through the installed packages'
    own requirements (markers judged for this Python and platform), with the
    requirements that name it."""
    environment = dict(default_environment())
    found: dict[str, list[Requirement]] = {}
    followed: set[tuple[str, str]] = set()
    todo = [(requirement, "") for requirement in requirements]
    while todo:
        requirement, extra = todo.pop()
        if requirement.marker and not requirement.marker.evaluate({**environment, "extra": extra}):
            continue
        name = canonicalize_name(requirement.name)
        found.setdefault(name, []).append(requirement)
        try:
            requires = distribution(name).requires or []
        except PackageNotFoundError:
            continue
        for extra_name in {"", *requirement.extras} - {n for k, n in followed if k == name}:
            followed.add((name, extra_name))
            todo += [(Requirement(text), extra_name) for text in requires]
    return found


def test_the_lock_pins_every_package_the_project_needs_and_no_other() -> None:
    assert set(needed(asked())) == set(locked())


def test_every_pinned_version_is_one_the_project_s_ranges_allow() -> None:
    pins = locked()
    refused = {
        str(requirement): str(pins[canonicalize_name(requirement.name)])
        for requirements in needed(asked()).values()
        for requirement in requirements
        if canonicalize_name(requirement.name) in pins
        and not requirement.specifier.contains(
            pins[canonicalize_name(requirement.name)], prereleases=True
        )
    }
    assert refused == {}


def test_the_suite_runs_on_the_locked_versions() -> None:
    """The README's test command installs through the lock: what runs is what is pinned."""
    differing = {
        name: (str(version), distribution(name).version)
        for name, version in locked().items()
        if Version(distribution(name).version) != version
    }
    assert differing == {}
