# Sourced by the end-to-end tests that run tests/differential/reference: sets `py` to the Python that
# runs it, or skips the test (exit 77) when that Python cannot import Debian's OmegaConf
# and pydantic v2.
py=${GOE_PYTHON:-python3}
if ! PYTHONPATH=/usr/lib/python3/dist-packages "$py" -c \
    'import omegaconf, pydantic, sys; sys.exit(pydantic.VERSION.split(".")[0] != "2")' 2>/dev/null; then
    echo "SKIP: OmegaConf (python3-omegaconf) or pydantic v2 not importable by $py"
    exit 77
fi
