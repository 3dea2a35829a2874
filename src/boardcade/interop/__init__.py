"""Research interfaces: OpenSpiel (`openspiel`, openspiel extra), PettingZoo (`pettingzoo_env`, pettingzoo
extra), Gymnasium (`gymnasium_env` single-agent env and registered ids, `vector_env`; gymnasium extra), the
batched stepping API (`batched`) and the fixed-shape tensor encodings they share (`tensors`; numpy). Import
the submodule you use; importing this package imports none of those libraries. See docs/interop.md."""
