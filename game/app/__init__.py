"""The application: window, frame loop helpers, screens (states) and input."""
