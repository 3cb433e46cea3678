"""What the program keeps between runs: the game in progress (`saves`), statistics and high
scores (`records`), and the crash-safe file handling both rest on (`files`)."""
