"""Research interfaces: OpenSpiel (`openspiel`), PettingZoo (`pettingzoo_env`), Gymnasium (`gymnasium_env`)
and the fixed-shape tensor encodings they share (`tensors`). Each needs the `research` extra; import the
submodule you use. See docs/interop.md."""
