#!/usr/bin/env zsh
# zsh_capture.zsh FUNCDIR 'COMMAND LINE': what zsh's completion system offers for the end of
# the line, one candidate per line. It runs an interactive zsh in a pseudo-terminal (zpty) with
# compinit and FUNCDIR first in $fpath, types the line and a Tab, and prints what reaches
# compadd. Adapted from zsh-capture-completion by Valodim (MIT licence).
# Path completion (_files) is printed once per tag it tries, so compare only non-path cases.
zmodload zsh/zpty || exit 3
funcdir=$1; shift
zpty z zsh -f -i
local line
setopt rcquotes
() {
    zpty -w z source $1
    repeat 4; do
        zpty -r z line
        [[ $line == ok* ]] && return
    done
    echo 'error initializing.' >&2
    exit 2
} =( <<< '
PROMPT=
fpath=('$funcdir' $fpath)
autoload -U compinit
compinit -u -d '${TMPDIR:-/tmp}'/zcompdump-capture-$$
bindkey ''^M'' undefined
bindkey ''^J'' undefined
bindkey ''^I'' complete-word
null-line () { echo -E - $''\0'' }
compprefuncs=( null-line )
comppostfuncs=( null-line exit )
zstyle '':completion:*'' list-grouped false
zstyle '':completion:*'' insert-tab false
zstyle '':completion:*'' list-separator ''''
zmodload zsh/zutil
compadd () {
    if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then
        builtin compadd "$@"
        return $?
    fi
    typeset -a __hits __dscr __tmp
    if (( $@[(I)-d] )); then
        __tmp=${@[$[${@[(i)-d]}+1]]}
        if [[ $__tmp == \(* ]]; then
            eval "__dscr=$__tmp"
        else
            __dscr=( "${(@P)__tmp}" )
        fi
    fi
    builtin compadd -A __hits -D __dscr "$@"
    setopt localoptions norcexpandparam extendedglob
    typeset -A apre hpre hsuf asuf
    zparseopts -E P:=apre p:=hpre S:=asuf s:=hsuf
    integer dirsuf=0
    if [[ -z $hsuf && "${${@//-default-/}% -# *}" == *-[[:alnum:]]#f* ]]; then
        dirsuf=1
    fi
    [[ -n $__hits ]] || return
    local dsuf
    for i in {1..$#__hits}; do
        (( dirsuf )) && [[ -d $__hits[$i] ]] && dsuf=/ || dsuf=
        echo -E - $IPREFIX$apre$hpre$__hits[$i]$dsuf$hsuf$asuf
    done
}
echo ok')
zpty -w z "$*"$'\t'
integer tog=0
while zpty -r z; do :; done | while IFS= read -r line; do
    if [[ $line == *$'\0\r' ]]; then
        (( tog++ )) && return 0 || continue
    fi
    (( tog )) && echo -E - $line
done
return 2
