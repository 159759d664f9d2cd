"""The `ecarte` command line: a thin layer over `pipeline` and `engine`."""
