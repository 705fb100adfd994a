// SPDX-License-Identifier: MIT
// The JAX op table: which template (ops_jax.cpp) lowers which jaxpr primitive; layout primitives are views
// (isViewOp). A primitive not listed is never free: it is reported, with its source line, as not counted.
#include "engine/frontend/trace/lowering/lowerer.h"

namespace solar::trace {

// shared with the ATen table (ops_elementwise.cpp)
void identityCopy(Lowerer&, const TracedOp&, const std::string&);
void randomDraw(Lowerer&, const TracedOp&, const std::string&);
// ops_jax.cpp
void jaxUnary(Lowerer&, const TracedOp&, const std::string&);
void jaxBinary(Lowerer&, const TracedOp&, const std::string&);
void jaxSelect(Lowerer&, const TracedOp&, const std::string&);
void jaxClamp(Lowerer&, const TracedOp&, const std::string&);
void jaxDotGeneral(Lowerer&, const TracedOp&, const std::string&);
void jaxReduce(Lowerer&, const TracedOp&, const std::string&);
void jaxArgReduce(Lowerer&, const TracedOp&, const std::string&);
void jaxCumulative(Lowerer&, const TracedOp&, const std::string&);
void jaxConv(Lowerer&, const TracedOp&, const std::string&);
void jaxReduceWindow(Lowerer&, const TracedOp&, const std::string&);
void jaxConcatenate(Lowerer&, const TracedOp&, const std::string&);
void jaxPad(Lowerer&, const TracedOp&, const std::string&);
void jaxIota(Lowerer&, const TracedOp&, const std::string&);
void jaxRev(Lowerer&, const TracedOp&, const std::string&);
void jaxDynamicSlice(Lowerer&, const TracedOp&, const std::string&);
void jaxDynamicUpdateSlice(Lowerer&, const TracedOp&, const std::string&);
void jaxSplit(Lowerer&, const TracedOp&, const std::string&);
void jaxBroadcast(Lowerer&, const TracedOp&, const std::string&);
void jaxLoopBegin(Lowerer&, const TracedOp&, const std::string&);
void jaxLoopEnd(Lowerer&, const TracedOp&, const std::string&);
void jaxStack(Lowerer&, const TracedOp&, const std::string&);
void jaxBranchBegin(Lowerer&, const TracedOp&, const std::string&);
void jaxSort(Lowerer&, const TracedOp&, const std::string&);
void jaxGather(Lowerer&, const TracedOp&, const std::string&);
void jaxScatter(Lowerer&, const TracedOp&, const std::string&);

const std::map<std::string, OpTemplate>& jaxOpTemplates()
{
    static const std::map<std::string, OpTemplate> table = {
        {"jax::exp", jaxUnary},
        {"jax::exp2", jaxUnary},
        {"jax::log", jaxUnary},
        {"jax::log1p", jaxUnary},
        {"jax::expm1", jaxUnary},
        {"jax::tanh", jaxUnary},
        {"jax::logistic", jaxUnary},
        {"jax::sin", jaxUnary},
        {"jax::cos", jaxUnary},
        {"jax::tan", jaxUnary},
        {"jax::asin", jaxUnary},
        {"jax::acos", jaxUnary},
        {"jax::atan", jaxUnary},
        {"jax::sinh", jaxUnary},
        {"jax::cosh", jaxUnary},
        {"jax::sqrt", jaxUnary},
        {"jax::rsqrt", jaxUnary},
        {"jax::abs", jaxUnary},
        {"jax::sign", jaxUnary},
        {"jax::floor", jaxUnary},
        {"jax::ceil", jaxUnary},
        {"jax::round", jaxUnary},
        {"jax::erf", jaxUnary},
        {"jax::erfc", jaxUnary},
        {"jax::neg", jaxUnary},
        {"jax::not", jaxUnary},
        {"jax::square", jaxUnary},
        {"jax::convert_element_type", jaxUnary},
        {"jax::reduce_precision", jaxUnary},
        {"jax::integer_pow", jaxUnary},
        {"jax::add", jaxBinary},
        {"jax::sub", jaxBinary},
        {"jax::mul", jaxBinary},
        {"jax::div", jaxBinary},
        {"jax::eq", jaxBinary},
        {"jax::ne", jaxBinary},
        {"jax::lt", jaxBinary},
        {"jax::le", jaxBinary},
        {"jax::gt", jaxBinary},
        {"jax::ge", jaxBinary},
        {"jax::max", jaxBinary},
        {"jax::min", jaxBinary},
        {"jax::pow", jaxBinary},
        {"jax::atan2", jaxBinary},
        {"jax::rem", jaxBinary},
        {"jax::and", jaxBinary},
        {"jax::or", jaxBinary},
        {"jax::xor", jaxBinary},
        {"jax::select_n", jaxSelect},
        {"jax::clamp", jaxClamp},
        {"jax::dot_general", jaxDotGeneral},
        {"jax::dot_general_highest", jaxDotGeneral},
        {"jax::reduce_sum", jaxReduce},
        {"jax::reduce_max", jaxReduce},
        {"jax::reduce_min", jaxReduce},
        {"jax::reduce_prod", jaxReduce},
        {"jax::reduce_and", jaxReduce},
        {"jax::reduce_or", jaxReduce},
        {"jax::argmax", jaxArgReduce},
        {"jax::argmin", jaxArgReduce},
        {"jax::cumsum", jaxCumulative},
        {"jax::cumprod", jaxCumulative},
        {"jax::cummax", jaxCumulative},
        {"jax::cummin", jaxCumulative},
        {"jax::conv_general_dilated", jaxConv},
        {"jax::conv_general_dilated_highest", jaxConv},
        {"jax::reduce_window_sum", jaxReduceWindow},
        {"jax::reduce_window_max", jaxReduceWindow},
        {"jax::reduce_window_min", jaxReduceWindow},
        {"jax::concatenate", jaxConcatenate},
        {"jax::pad", jaxPad},
        {"jax::iota", jaxIota},
        {"jax::rev", jaxRev},
        {"jax::dynamic_slice", jaxDynamicSlice},
        {"jax::dynamic_update_slice", jaxDynamicUpdateSlice},
        {"jax::split", jaxSplit},
        {"jax::broadcast_in_dim", jaxBroadcast},
        {"jax::loop_begin", jaxLoopBegin},
        {"jax::loop_end", jaxLoopEnd},
        {"jax::branch_begin", jaxBranchBegin},
        {"jax::branch_end", jaxLoopEnd},
        {"jax::copy", identityCopy},
        {"jax::stack", jaxStack},
        {"jax::gather", jaxGather},
        {"jax::sort", jaxSort},
        {"jax::random_draw", randomDraw},
        {"jax::random_seed", randomDraw},
        {"jax::random_bits", randomDraw},
        {"jax::random_split", randomDraw},
        {"jax::random_fold_in", randomDraw},
        {"jax::threefry2x32", randomDraw},
        {"jax::scatter", jaxScatter},
        {"jax::scatter-add", jaxScatter},
        {"jax::scatter_add", jaxScatter},
        {"jax::scatter-mul", jaxScatter},
        {"jax::scatter_mul", jaxScatter},
        {"jax::scatter-max", jaxScatter},
        {"jax::scatter_max", jaxScatter},
        {"jax::scatter-min", jaxScatter},
        {"jax::scatter_min", jaxScatter},
    };
    return table;
}

} // namespace solar::trace
