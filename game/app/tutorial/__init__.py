"""The tutorial and the rules' Try it: staged deals (lessons) played on the real table."""
