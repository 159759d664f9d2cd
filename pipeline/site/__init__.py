"""The reader: a static site made from the validated TEI (`ecarte site`, `make site`).

It runs after the build, never inside it: build.py says what it runs, in order. The witness pages
come from the TEI through text.xsl; facts.py gathers what stands beside the texts (parallels,
variant points, engine rules, scenarios with their status, studies); pages.py and panels.py make the
HTML; search.py the client-side index; assets/ holds the stylesheet and the scripts, which only add
behaviour: everything can be read without them.
"""
