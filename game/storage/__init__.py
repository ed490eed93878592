"""Where texts outlive the program: the storage interface, files on the desktop, the browser's
localStorage and a memory fake. Layer 1, a basic: imports only the standard library."""
