"""Placeholder replaced below."""

from regalia.bots.base import RandomBot as KingdomHeuristicBot

__all__ = ["KingdomHeuristicBot"]
