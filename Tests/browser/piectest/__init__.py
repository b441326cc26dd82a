"""Helpers for piec's browser tests: build bundles, seek their CSS animations in headless
Chromium, and measure the drawn wedge boundaries from screenshot pixels."""
