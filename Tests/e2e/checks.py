"""The pass/fail tally the e2e scripts share (visitor.py, microformats.py, browser.py):

    checks = Checks("visitor")
    checks.expect(condition, "what is checked", "what was found instead")
    ...
    return checks.summary("%d pages" % n)   # prints `visitor: …; N passed, M failed`, 1 on any failure

A failure prints one line, `FAIL what: detail` (with the script's name first when it has
one); a pass prints `ok   what` only when `verbose`. Python 3 standard library only.
"""


class Checks:
    def __init__(self, name="", verbose=False):
        self.name = name
        self.verbose = verbose
        self.passed = 0
        self.failed = 0

    def ok(self, what):
        self.passed += 1
        if self.verbose:
            print("ok   " + what)

    def fail(self, what):
        self.failed += 1
        print("%sFAIL %s" % (self.name + ": " if self.name else "", what))

    def expect(self, condition, what, detail=""):
        """Counts `condition` (truthy: passed), prints a failure with its detail; returns it."""
        if condition:
            self.ok(what)
        else:
            self.fail(what + (": " + detail if detail else ""))
        return condition

    def summary(self, about=""):
        """Prints `NAME: ABOUT; N passed, M failed`; the exit status: 1 on any failure."""
        print("%s%s%d passed, %d failed" % (self.name + ": " if self.name else "", about + "; " if about else "",
                                           self.passed, self.failed))
        return 1 if self.failed else 0
