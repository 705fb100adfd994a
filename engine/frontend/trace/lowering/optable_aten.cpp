// SPDX-License-Identifier: MIT
// The ATen op table: which template lowers which ATen op (the JAX primitives' table is
// engine/frontend/jax/optable_jax.cpp). An op not listed is never free: it is reported, with its source line, as not
// counted. To add an op, write its template in the family file and add a row here.
#include "engine/frontend/trace/lowering/lowerer.h"

namespace solar::trace {

// ops_elementwise.cpp
void unaryFunction(Lowerer&, const TracedOp&, const std::string&);
void negate(Lowerer&, const TracedOp&, const std::string&);
void logicalNot(Lowerer&, const TracedOp&, const std::string&);
void recurrent(Lowerer&, const TracedOp&, const std::string&);
void bitwiseNot(Lowerer&, const TracedOp&, const std::string&);
void rightShift(Lowerer&, const TracedOp&, const std::string&);
void identityCopy(Lowerer&, const TracedOp&, const std::string&);
void gelu(Lowerer&, const TracedOp&, const std::string&);
void copyInto(Lowerer&, const TracedOp&, const std::string&);
void binaryOperator(Lowerer&, const TracedOp&, const std::string&);
void addSub(Lowerer&, const TracedOp&, const std::string&);
void binaryFunction(Lowerer&, const TracedOp&, const std::string&);
void xlogy(Lowerer&, const TracedOp&, const std::string&);
void clamp(Lowerer&, const TracedOp&, const std::string&);
void leakyRelu(Lowerer&, const TracedOp&, const std::string&);
void elu(Lowerer&, const TracedOp&, const std::string&);
void softplus(Lowerer&, const TracedOp&, const std::string&);
void where(Lowerer&, const TracedOp&, const std::string&);
void maskedFill(Lowerer&, const TracedOp&, const std::string&);
void fill(Lowerer&, const TracedOp&, const std::string&);
void arange(Lowerer&, const TracedOp&, const std::string&);
void eye(Lowerer&, const TracedOp&, const std::string&);
void randomDraw(Lowerer&, const TracedOp&, const std::string&);
void noData(Lowerer&, const TracedOp&, const std::string&);
void triangle(Lowerer&, const TracedOp&, const std::string&);
// ops_reduce.cpp
void variance(Lowerer&, const TracedOp&, const std::string&);
void reduction(Lowerer&, const TracedOp&, const std::string&);
void softmax(Lowerer&, const TracedOp&, const std::string&);
void scan(Lowerer&, const TracedOp&, const std::string&);
void layerNorm(Lowerer&, const TracedOp&, const std::string&);
void groupNorm(Lowerer&, const TracedOp&, const std::string&);
void batchNorm(Lowerer&, const TracedOp&, const std::string&);
// ops_nn.cpp
void matmul(Lowerer&, const TracedOp&, const std::string&);
void complexMul(Lowerer&, const TracedOp&, const std::string&);
void polar(Lowerer&, const TracedOp&, const std::string&);
void scaledMm(Lowerer&, const TracedOp&, const std::string&);
void convolution(Lowerer&, const TracedOp&, const std::string&);
void pool(Lowerer&, const TracedOp&, const std::string&);
void adaptivePool(Lowerer&, const TracedOp&, const std::string&);
void attention(Lowerer&, const TracedOp&, const std::string&);
void linear(Lowerer&, const TracedOp&, const std::string&);
void sortOp(Lowerer&, const TracedOp&, const std::string&);
void topk(Lowerer&, const TracedOp&, const std::string&);
void histc(Lowerer&, const TracedOp&, const std::string&);
void floorDivide(Lowerer&, const TracedOp&, const std::string&);
void indexPut(Lowerer&, const TracedOp&, const std::string&);
void indexCopy(Lowerer&, const TracedOp&, const std::string&);
void scatter(Lowerer&, const TracedOp&, const std::string&);
void groupedMm(Lowerer&, const TracedOp&, const std::string&);
void logicalBinary(Lowerer&, const TracedOp&, const std::string&);
// ops_layout.cpp
void cat(Lowerer&, const TracedOp&, const std::string&);
void pad(Lowerer&, const TracedOp&, const std::string&);
void indexing(Lowerer&, const TracedOp&, const std::string&);
void flip(Lowerer&, const TracedOp&, const std::string&);
void roll(Lowerer&, const TracedOp&, const std::string&);
void stack(Lowerer&, const TracedOp&, const std::string&);
// ops_loss.cpp
void pointwiseLoss(Lowerer&, const TracedOp&, const std::string&);
void nllLoss(Lowerer&, const TracedOp&, const std::string&);

const std::map<std::string, OpTemplate>& atenOpTemplates()
{
    static const std::map<std::string, OpTemplate> table = {
        // elementwise
        {"aten::relu", unaryFunction},
        {"aten::sigmoid", unaryFunction},
        {"aten::tanh", unaryFunction},
        {"aten::silu", unaryFunction},
        {"aten::mish", unaryFunction},
        {"aten::exp", unaryFunction},
        {"aten::log", unaryFunction},
        {"aten::log1p", unaryFunction},
        {"aten::expm1", unaryFunction},
        {"aten::sqrt", unaryFunction},
        {"aten::rsqrt", unaryFunction},
        {"aten::abs", unaryFunction},
        {"aten::reciprocal", unaryFunction},
        {"aten::sin", unaryFunction},
        {"aten::cos", unaryFunction},
        {"aten::erf", unaryFunction},
        {"aten::sign", unaryFunction},
        {"aten::floor", unaryFunction},
        {"aten::ceil", unaryFunction},
        {"aten::round", unaryFunction},
        {"aten::hardsigmoid", unaryFunction},
        {"aten::hardswish", unaryFunction},
        {"aten::neg", negate},
        {"aten::logical_not", logicalNot},
        {"aten::bitwise_not", bitwiseNot},
        {"aten::bitwise_and", logicalBinary},
        {"aten::bitwise_or", logicalBinary},
        {"aten::bitwise_xor", logicalBinary},
        {"aten::__rshift__", rightShift},
        {"aten::bitwise_right_shift", rightShift},
        {"aten::logical_and", logicalBinary},
        {"aten::logical_or", logicalBinary},
        {"aten::logical_xor", logicalBinary},
        {"aten::gelu", gelu},
        {"aten::copy", copyInto},
        {"aten::clone", identityCopy},
        {"aten::contiguous", identityCopy},
        {"aten::_to_copy", identityCopy},
        {"aten::to", identityCopy},
        {"aten::mul", binaryOperator},
        {"solar::complex_mul", complexMul},
        {"aten::polar", polar},
        {"aten::div", binaryOperator},
        {"aten::eq", binaryOperator},
        {"aten::ne", binaryOperator},
        {"aten::lt", binaryOperator},
        {"aten::le", binaryOperator},
        {"aten::gt", binaryOperator},
        {"aten::ge", binaryOperator},
        {"aten::remainder", binaryOperator},
        {"aten::add", addSub},
        {"aten::sub", addSub},
        {"aten::rsub", addSub},
        {"aten::maximum", binaryFunction},
        {"aten::minimum", binaryFunction},
        {"aten::pow", binaryFunction},
        {"aten::atan2", binaryFunction},
        {"aten::fmod", binaryFunction},
        {"aten::xlogy", xlogy},
        {"aten::clamp", clamp},
        {"aten::clamp_min", clamp},
        {"aten::clamp_max", clamp},
        {"aten::hardtanh", clamp},
        {"aten::leaky_relu", leakyRelu},
        {"aten::elu", elu},
        {"aten::softplus", softplus},
        {"aten::where", where},
        {"aten::masked_fill", maskedFill},
        {"aten::fill", fill},
        {"aten::zero", fill},
        {"aten::zeros", fill},
        {"aten::ones", fill},
        {"aten::full", fill},
        {"aten::zeros_like", fill},
        {"aten::ones_like", fill},
        {"aten::full_like", fill},
        {"aten::new_zeros", fill},
        {"aten::new_ones", fill},
        {"aten::new_full", fill},
        {"aten::scalar_tensor", fill},
        {"aten::arange", arange},
        {"aten::eye", eye},
        {"aten::bernoulli", randomDraw},
        {"aten::rand", randomDraw},
        {"aten::rand_like", randomDraw},
        {"aten::randn", randomDraw},
        {"aten::randn_like", randomDraw},
        {"aten::uniform", randomDraw},
        {"aten::normal", randomDraw},
        {"aten::empty", noData},
        {"aten::empty_like", noData},
        {"aten::empty_strided", noData},
        {"aten::new_empty", noData},
        {"aten::triu", triangle},
        {"aten::tril", triangle},
        // reductions and normalisations
        {"aten::sum", reduction},
        {"aten::mean", reduction},
        {"aten::amax", reduction},
        {"aten::amin", reduction},
        {"aten::prod", reduction},
        {"aten::max", reduction},
        {"aten::min", reduction},
        {"aten::argmax", reduction},
        {"aten::argmin", reduction},
        {"aten::logsumexp", reduction},
        {"aten::norm", reduction},
        {"aten::linalg_vector_norm", reduction},
        {"aten::var", variance},
        {"aten::std", variance},
        {"aten::var_mean", variance},
        {"aten::std_mean", variance},
        {"aten::_softmax", softmax},
        {"aten::softmax", softmax},
        {"aten::_log_softmax", softmax},
        {"aten::log_softmax", softmax},
        {"aten::cumsum", scan},
        {"aten::cumprod", scan},
        {"aten::native_layer_norm", layerNorm},
        {"aten::native_group_norm", groupNorm},
        {"aten::native_batch_norm", batchNorm},
        {"aten::_native_batch_norm_legit", batchNorm},
        {"aten::_native_batch_norm_legit_no_training", batchNorm},
        // neural-network ops
        {"aten::mm", matmul},
        {"aten::_int_mm", matmul}, // int8 x int8 -> int32 (W8A8 linears)
        {"aten::_scaled_mm", scaledMm},
        {"solar::linear", linear},
        {"aten::_grouped_mm", groupedMm},
        {"aten::sort", sortOp},
        {"aten::topk", topk},
        {"aten::histc", histc},
        {"aten::floor_divide", floorDivide},
        {"aten::index_put", indexPut},
        {"aten::index_copy", indexCopy},
        {"aten::scatter", scatter},
        {"aten::scatter_add", scatter},
        {"aten::bmm", matmul},
        {"aten::addmm", matmul},
        {"aten::mv", matmul},
        {"aten::baddbmm", matmul},
        {"aten::convolution", convolution},
        {"aten::_convolution", convolution},
        {"aten::max_pool1d_with_indices", pool},
        {"aten::max_pool2d_with_indices", pool},
        {"aten::max_pool3d_with_indices", pool},
        {"aten::avg_pool1d", pool},
        {"aten::avg_pool2d", pool},
        {"aten::avg_pool3d", pool},
        {"aten::_adaptive_avg_pool2d", adaptivePool},
        {"aten::_adaptive_avg_pool3d", adaptivePool},
        {"aten::adaptive_avg_pool1d", adaptivePool},
        {"aten::adaptive_max_pool1d", adaptivePool},
        {"aten::adaptive_max_pool2d", adaptivePool},
        {"aten::adaptive_max_pool3d", adaptivePool},
        {"solar::scaled_dot_product_attention", attention},
        {"solar::lstm", recurrent},
        {"solar::gru", recurrent},
        {"solar::rnn_tanh", recurrent},
        {"solar::rnn_relu", recurrent},
        // layout and indexing
        {"aten::cat", cat},
        {"aten::constant_pad_nd", pad},
        {"aten::flip", flip},
        {"aten::roll", roll},
        {"aten::stack", stack},
        {"aten::embedding", indexing},
        {"aten::index_select", indexing},
        {"aten::gather", indexing},
        {"aten::index", indexing},
        // losses
        {"aten::mse_loss", pointwiseLoss},
        {"aten::smooth_l1_loss", pointwiseLoss},
        {"aten::l1_loss", pointwiseLoss},
        {"aten::huber_loss", pointwiseLoss},
        {"aten::nll_loss_forward", nllLoss},
        {"aten::nll_loss", nllLoss},
    };
    return table;
}

} // namespace solar::trace
