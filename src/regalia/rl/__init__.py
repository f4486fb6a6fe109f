"""Research adapters: tensor encodings, OpenSpiel, PettingZoo, Gymnasium and a text interface
for language-model agents (see ``docs/rl.md``).

The framework modules (``regalia.rl.openspiel``, ``regalia.rl.pettingzoo``,
``regalia.rl.gymnasium``) import their framework and are not imported here; install them with
``pip install "regalia[rl]"``. ``regalia.rl.llm`` needs nothing beyond regalia.
"""

from regalia.rl.common import AdapterInfo, adapter_info, register_adapter_info

__all__ = ["AdapterInfo", "adapter_info", "register_adapter_info"]
