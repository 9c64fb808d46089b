"""Games that live in the test suite, each one package with its manifest and board profile,
registered the way any game kept outside ``controller/rules`` is (``registry.register``)."""
