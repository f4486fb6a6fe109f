from tests.core.conftest import toy

__all__ = ["toy"]
