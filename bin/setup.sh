# Shared set-up of ./run and ./test, sourced by both: a virtualenv with the pinned requirements.

find_python() {
    # The first Python 3.12 or newer; pyenv's 3.13.0 first where pyenv is installed.
    local candidate
    for candidate in "env PYENV_VERSION=3.13.0 python" python3.13 python3.12 python3; do
        if $candidate -c 'import sys; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1; then
            echo "$candidate"
            return 0
        fi
    done
    echo "Python 3.12 or newer is needed and none was found." >&2
    return 1
}

ensure_venv() {
    # ensure_venv LOCK: create .venv if missing; when a lock changed, install exactly what LOCK pins
    # (requirements.txt for ./run, requirements-dev.txt for ./test: pip checks each version and hash, and
    # refuses any package the lock does not name), then remove what neither lock names (installed by hand).
    local requirements=$1 stamp hash python unlocked
    mkdir -p var
    if [ ! -x .venv/bin/python ]; then
        python=$(find_python)
        echo "Creating .venv with $($python --version)"
        $python -m venv .venv
    fi
    hash=$(cat requirements*.txt | sha256sum | cut -d' ' -f1)
    stamp="var/pip-$(basename "$requirements" .txt).sha256"
    if [ "$(cat "$stamp" 2>/dev/null)" != "$hash" ]; then
        echo "Installing $requirements"
        .venv/bin/python -m pip install --quiet --disable-pip-version-check --require-hashes -r "$requirements"
        unlocked=$(.venv/bin/python -m pip freeze --exclude-editable | sed 's/[ =@].*//' | package_names |
            grep -vxF -f <(sed -n 's/^\([A-Za-z0-9][A-Za-z0-9._-]*\)==.*/\1/p' requirements*.txt | package_names) ||
            true)
        if [ -n "$unlocked" ]; then
            echo "Removing what no lock names:" $unlocked
            .venv/bin/python -m pip uninstall --quiet --yes $unlocked
        fi
        echo "$hash" >"$stamp"
    fi
}

package_names() {
    # Package names as pip compares them (PEP 503): lower case, - for _ and .
    tr 'A-Z_.' 'a-z--'
}
