// SPDX-License-Identifier: MIT
// Einsum-graph exports: our JSON (schema solar.einsumgraph/1, units in the key names), Graphviz DOT, and NVlabs
// SOLAR's einsum_graph.yaml (docs/FORMAT.md of that project) so its users can compare. All are deterministic.
#pragma once

#include "engine/graph/einsumgraph.h"

#include <string>

namespace solar::graph {

std::string graphToJson(const EinsumGraph& graph);
std::string graphToDot(const EinsumGraph& graph);
std::string graphToSolarYaml(const EinsumGraph& graph);

} // namespace solar::graph
