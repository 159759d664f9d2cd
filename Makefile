# Set-up and the README commands: `make corpus`, `make site` and `make test`.
# Everything the project needs is installed from here; nothing by hand.

SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
APT_PACKAGES := tesseract-ocr tesseract-ocr-hun tesseract-ocr-deu tesseract-ocr-eng \
	hunspell hunspell-hu libhunspell-dev jing default-jre-headless poppler-utils \
	dict-freedict-hun-eng dict-freedict-deu-eng \
	fonts-ebgaramond fonts-linuxlibertine fonts-dejavu-core fonts-urw-base35 gcc \
	libjs-lunr chromium
STAMP := $(VENV)/.installed

.PHONY: corpus site test system venv check-corpus clean

corpus: venv
	$(BIN)/ecarte build

# The static reader (CONTRACT.md §6), made from the TEI; it stops on TEI that does not validate.
site: venv
	$(BIN)/ecarte site --out site

# The tests keep the readers' stored corpora (pipeline/reader_cache.py) apart from the user's
# (tests/*/conftest.py set the same folder for pytest).
test: venv
	$(BIN)/ecarte validate
	ECARTE_CACHE=$(CURDIR)/.cache/ecarte-test $(BIN)/ecarte site --out site
	$(BIN)/python -m pytest

# System packages through apt-get when run as root; otherwise name the command.
system:
	@missing=$$(for p in $(APT_PACKAGES); do \
		dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			echo "installing system packages: $$missing"; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
		else \
			echo "missing system packages; run as root:"; \
			echo "  apt-get update && apt-get install -y $$missing"; exit 1; \
		fi; \
	fi

venv: system $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test,compare]'
	touch $(STAMP)

clean:
	rm -rf $(VENV) .cache
