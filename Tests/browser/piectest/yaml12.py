"""PyYAML's safe loader with YAML 1.2 core-schema scalars, as editors see a spec.

`yaml.safe_load` follows YAML 1.1: `NO`, `on`, `y` become booleans, `1:30` a sexagesimal
number, `2024-01-01` a date. The yaml-language-server that checks specs against
Schemas/piec.schema.json in editors follows YAML 1.2, where those are strings, so the schema
tests read specs the same way: only true/false, null, and plain decimal/octal/hex numbers
(plus .inf/.nan) are typed; every other plain scalar is a string."""

import re

import yaml


class Yaml12Loader(yaml.SafeLoader):
    """SafeLoader whose implicit scalar types are exactly YAML 1.2's core schema."""


Yaml12Loader.yaml_implicit_resolvers = {}

_RESOLVERS = [
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
    ("tag:yaml.org,2002:int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$",
     list("-+0123456789")),
    ("tag:yaml.org,2002:float",
     r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
     r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$", list("-+.0123456789")),
]
for _tag, _pattern, _first in _RESOLVERS:
    Yaml12Loader.add_implicit_resolver(_tag, re.compile(_pattern), list(_first))


def _construct_bool(loader, node):
    return loader.construct_scalar(node).lower() == "true"


def _construct_int(loader, node):
    text = loader.construct_scalar(node)
    if text.startswith("0o"):
        return int(text[2:], 8)
    if text.startswith("0x"):
        return int(text[2:], 16)
    return int(text, 10)


Yaml12Loader.add_constructor("tag:yaml.org,2002:bool", _construct_bool)
Yaml12Loader.add_constructor("tag:yaml.org,2002:int", _construct_int)


def load(text):
    """Parse one YAML document with YAML 1.2 core-schema scalars."""
    return yaml.load(text, Loader=Yaml12Loader)
