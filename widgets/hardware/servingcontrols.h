// SPDX-License-Identifier: MIT
// Which serving step of a model config.json is analysed (the hf-config frontend): prefill or decode, sequences
// per batch, and the prompt (prefill) or cached context (decode) length. Shown while a config is open; a change
// asks for a new analysis. `solar llm` takes the same three as --phase, --batch and --prompt/--context.
#pragma once

#include "engine/serving/servingsource.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QSpinBox;

class ServingControls : public QWidget
{
    Q_OBJECT
public:
    explicit ServingControls(QWidget* parent = nullptr);

    /// The step chosen (its dtype empty: the config's).
    solar::serving::ServingPoint point() const;
    void setPoint(const solar::serving::ServingPoint& point);

signals:
    void changed();

private:
    void updateTokensLabel();

    QComboBox* m_phase = nullptr;
    QSpinBox* m_batch = nullptr;
    QLabel* m_tokensLabel = nullptr;
    QSpinBox* m_tokens = nullptr;
};
