"""World state: maps, edges, visibility, entities. Standard library + numpy only."""
