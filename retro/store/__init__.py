"""What the program keeps between runs: the game in progress (`saves`), statistics and high
scores (`records`), the player's settings (`settings`), and the crash-safe file handling they
rest on (`files`)."""
