// SPDX-License-Identifier: MIT
#include "widgets/hardware/servingcontrols.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>

ServingControls::ServingControls(QWidget* parent)
    : QWidget(parent)
{
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    m_phase = new QComboBox(this);
    m_phase->setObjectName(QStringLiteral("serving-phase"));
    m_phase->addItem(tr("Decode step"), static_cast<int>(solar::serving::Phase::Decode));
    m_phase->addItem(tr("Prefill"), static_cast<int>(solar::serving::Phase::Prefill));
    m_phase->setToolTip(tr("Prefill: the prompt's tokens at once (time to first token). Decode step: the next token of "
                           "every sequence, reading the KV cache of the context"));
    m_batch = new QSpinBox(this);
    m_batch->setObjectName(QStringLiteral("serving-batch"));
    m_batch->setRange(1, 1 << 20);
    m_batch->setValue(1);
    m_batch->setPrefix(tr("batch "));
    m_batch->setToolTip(tr("Sequences served together"));
    m_tokensLabel = new QLabel(this);
    m_tokens = new QSpinBox(this);
    m_tokens->setObjectName(QStringLiteral("serving-tokens"));
    m_tokens->setRange(1, 1 << 24);
    m_tokens->setValue(2048);
    m_tokens->setSuffix(tr(" tokens"));
    row->addWidget(m_phase);
    row->addWidget(m_batch);
    row->addWidget(m_tokensLabel);
    row->addWidget(m_tokens);
    updateTokensLabel();
    // A spin box's every keystroke would start an analysis: only finished edits (Enter, focus out, arrows) do.
    m_batch->setKeyboardTracking(false);
    m_tokens->setKeyboardTracking(false);
    connect(m_phase, &QComboBox::currentIndexChanged, this, [this] {
        updateTokensLabel();
        emit changed();
    });
    connect(m_batch, &QSpinBox::valueChanged, this, &ServingControls::changed);
    connect(m_tokens, &QSpinBox::valueChanged, this, &ServingControls::changed);
}

solar::serving::ServingPoint ServingControls::point() const
{
    solar::serving::ServingPoint p;
    p.phase = static_cast<solar::serving::Phase>(m_phase->currentData().toInt());
    p.batch = m_batch->value();
    p.tokens = m_tokens->value();
    p.dtype.clear();
    return p;
}

void ServingControls::setPoint(const solar::serving::ServingPoint& point)
{
    const QSignalBlocker a(m_phase), b(m_batch), c(m_tokens);
    m_phase->setCurrentIndex(m_phase->findData(static_cast<int>(point.phase)));
    m_batch->setValue(static_cast<int>(point.batch));
    m_tokens->setValue(static_cast<int>(point.tokens));
    updateTokensLabel();
}

void ServingControls::updateTokensLabel()
{
    const bool prefill = static_cast<solar::serving::Phase>(m_phase->currentData().toInt()) == solar::serving::Phase::Prefill;
    m_tokensLabel->setText(prefill ? tr("prompt") : tr("context"));
    m_tokens->setToolTip(prefill ? tr("Prompt tokens per sequence") : tr("Tokens already in each sequence's KV cache"));
}
