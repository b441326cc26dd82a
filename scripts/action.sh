#!/usr/bin/env bash
# The run step of the piec GitHub Action (action.yml), testable outside GitHub: it reads the
# action's inputs from INPUT_* variables (action.yml passes them) and GitHub's GITHUB_*
# variables, as a workflow step does.
#
#   INPUT_SPECS    spec files and directories, separated by spaces or newlines (default: specs)
#   INPUT_OUTPUT   the output directory (default: out)
#   INPUT_CHECK    true: `piec build --check` (fail when a committed bundle is stale); false: build
#   INPUT_FROM     --from REF, an override (not needed: a bundle records the previous version it
#                  animates from, so checks are stable without it; a revision needs the
#                  history: actions/checkout with fetch-depth: 0)
#   INPUT_FORMAT   diagnostics format (default: github, annotations on the changed lines)
#   INPUT_PIEC     a piec executable to use; empty: install piec as INPUT_INSTALL says
#   INPUT_INSTALL  wheel (default): pip installs INPUT_WHEEL into a virtual environment of its
#                  own under RUNNER_TEMP (seconds; the wheel is Linux x86-64 only); pip reads
#                  its usual PIP_INDEX_URL, PIP_FIND_LINKS, PIP_NO_INDEX from the step's env.
#                  source: build piec from the action's own checkout (scripts/bootstrap.sh
#                  --no-browser, then swift build -c release --product piec: minutes, needs Swift)
#   INPUT_WHEEL    what pip installs (default: piec-charts==VERSION, this action's own version, from
#                  pyproject.toml); a wheel's path or URL, or another requirement
#   GITHUB_WORKSPACE     where the specs are (default: the current directory)
#   RUNNER_TEMP          where the virtual environment goes (default: TMPDIR or /tmp)
#   GITHUB_OUTPUT        receives `status=N` (piec's exit status)
#   GITHUB_STEP_SUMMARY  receives a one-line summary
#
# Exits with piec's status: 0, 1 (a spec has errors), 2 (--check: stale bundles), 64, 74.
set -euo pipefail

action="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# Every exit (a bad input, a failed build of piec included) leaves its status in the step's outputs.
finish() { local code=$?; if [ -n "${GITHUB_OUTPUT:-}" ]; then echo "status=$code" >> "$GITHUB_OUTPUT"; fi; }
trap finish EXIT

case "${INPUT_CHECK:-true}" in
    true | false) ;;
    *) echo "::error title=piec::input 'check' must be true or false, not '${INPUT_CHECK}'"; exit 64 ;;
esac

piec="${INPUT_PIEC:-}"
if [ -z "$piec" ]; then
    case "${INPUT_INSTALL:-wheel}" in
    wheel)
        version="$(sed -n 's/^version = "\(.*\)"$/\1/p' "$action/pyproject.toml")"
        [ -n "$version" ] || { echo "::error title=piec::no version in $action/pyproject.toml"; exit 1; }
        requirement="${INPUT_WHEEL:-piec-charts==$version}"
        echo "::group::Install piec ($requirement)"
        venv="$(mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/piec.XXXXXX")/venv"
        python3 -m venv "$venv" &&
            "$venv/bin/python" -m pip install --disable-pip-version-check --progress-bar off "$requirement" ||
            { echo "::endgroup::"; echo "::error title=piec::pip could not install $requirement (the piec wheel is for Linux x86-64; elsewhere use install: source or the piec input)"; exit 1; }
        piec="$venv/bin/piec"
        echo "::endgroup::"
        [ -x "$piec" ] || { echo "::error title=piec::pip installed $requirement, but it has no piec executable (is it piec's wheel?)"; exit 1; }
        installed="$("$piec" --version)"
        if [ -z "${INPUT_WHEEL:-}" ] && [ "${installed##* }" != "$version" ]; then
            echo "::error title=piec::pip installed piec ${installed##* }, not $version"; exit 1
        fi
        ;;
    source)
        echo "::group::Build piec"
        "$action/scripts/bootstrap.sh" --no-browser
        swift build -c release --product piec --package-path "$action"
        piec="$(swift build -c release --product piec --package-path "$action" --show-bin-path)/piec"
        echo "::endgroup::"
        ;;
    *) echo "::error title=piec::input 'install' must be wheel or source, not '${INPUT_INSTALL}'"; exit 64 ;;
    esac
fi
[ -x "$piec" ] || command -v "$piec" > /dev/null 2>&1 || { echo "::error title=piec::no piec executable at '$piec'"; exit 1; }

cd "${GITHUB_WORKSPACE:-.}"
set -f  # the specs are split at blanks, not globbed
# shellcheck disable=SC2206
specs=(${INPUT_SPECS:-specs})
set +f
args=(build --format "${INPUT_FORMAT:-github}" --output "${INPUT_OUTPUT:-out}")
if [ "${INPUT_CHECK:-true}" = true ]; then args+=(--check); fi
if [ -n "${INPUT_FROM:-}" ]; then args+=(--from "$INPUT_FROM"); fi

echo "piec ${args[*]} ${specs[*]}"
status=0
"$piec" "${args[@]}" "${specs[@]}" || status=$?

if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    case "$status:${INPUT_CHECK:-true}" in
        0:true) line="piec: every bundle is up to date" ;;
        0:false) line="piec: bundles built in ${INPUT_OUTPUT:-out}" ;;
        1:*) line="piec: a spec has errors (see the annotations)" ;;
        2:*) line="piec: committed bundles are out of date: run \`piec build ${specs[*]} -o ${INPUT_OUTPUT:-out}\` and commit the result" ;;
        *) line="piec exited $status" ;;
    esac
    echo "$line" >> "$GITHUB_STEP_SUMMARY"
fi
exit "$status"
