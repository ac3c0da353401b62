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
    # ensure_venv REQUIREMENTS_FILE: create .venv if missing; pip install only when the file changed.
    local requirements=$1 stamp hash python
    mkdir -p var
    if [ ! -x .venv/bin/python ]; then
        python=$(find_python)
        echo "Creating .venv with $($python --version)"
        $python -m venv .venv
    fi
    # The hash covers every requirements file, as requirements-dev.txt includes requirements.txt.
    hash=$(cat requirements*.txt | sha256sum | cut -d' ' -f1)
    stamp="var/pip-$(basename "$requirements" .txt).sha256"
    if [ "$(cat "$stamp" 2>/dev/null)" != "$hash" ]; then
        echo "Installing $requirements"
        .venv/bin/python -m pip install --quiet --disable-pip-version-check -r "$requirements"
        echo "$hash" >"$stamp"
    fi
}
