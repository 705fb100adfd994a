// SPDX-License-Identifier: MIT
// A sentence the engine says to a person, kept with its template so that the GUI and the PDF report can say it in
// the user's language: `format` is English with %1, %2, ... and is marked where it is written with
// QT_TRANSLATE_NOOP("solar::engine", "...") for the catalogues; `args` are its values, already formatted (numbers
// with their units, names). text() is the English sentence the CLI, JSON, CSV and logs carry, so exports do not
// change with the language.
#pragma once

#include <string>
#include <vector>

namespace solar {

struct Message
{
    std::string format;
    std::vector<std::string> args;

    /// `format` with %n replaced by args[n - 1] (n from 1 to 9; %% is a literal %).
    std::string text() const;
    bool operator==(const Message&) const = default;
};

/// The English sentences, for the exports.
std::vector<std::string> messageTexts(const std::vector<Message>& messages);

/// Puts `args` into `format` as Message::text() does; the GUI calls it with a translated format.
std::string fillMessage(const std::string& format, const std::vector<std::string>& args);

} // namespace solar
