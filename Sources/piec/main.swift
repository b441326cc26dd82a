// The `piec` executable: argument parsing lives in `Piec` and its subcommands.
Piec.main()
