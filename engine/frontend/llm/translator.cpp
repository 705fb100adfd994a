// SPDX-License-Identifier: MIT
#include "engine/frontend/llm/translator.h"

#include "engine/core/atomicwrite.h"

#include "engine/ir/checker.h"
#include "engine/ir/parser.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QSaveFile>
#include <QStandardPaths>

namespace solar::llm {

namespace {

int rank(const std::string& outcome)
{
    if (outcome == "validated")
        return 5;
    if (outcome == "unvalidated")
        return 4;
    if (outcome == "mismatch")
        return 3;
    if (outcome == "check-error")
        return 2;
    return 0;
}

void appendAudit(const std::string& dir, const std::string& key, const nlohmann::json& entry)
{
    if (dir.empty() || !QDir().mkpath(QString::fromStdString(dir)))
        return;
    QFile f(QDir(QString::fromStdString(dir)).filePath(QString::fromStdString(key) + QStringLiteral(".audit.jsonl")));
    if (f.open(QIODevice::Append)) {
        f.write(QByteArray::fromStdString(entry.dump()));
        f.write("\n");
    }
}

std::string cachedProgram(const std::string& dir, const std::string& key)
{
    if (dir.empty())
        return {};
    QFile f(QDir(QString::fromStdString(dir)).filePath(QString::fromStdString(key) + QStringLiteral(".alir")));
    return f.open(QIODevice::ReadOnly) ? f.readAll().toStdString() : std::string();
}

void storeProgram(const std::string& dir, const std::string& key, const std::string& alir)
{
    if (dir.empty() || !QDir().mkpath(QString::fromStdString(dir)))
        return;
    // A cache: a failed write only means the next run asks the endpoint again.
    writeFileAtomically(QDir(QString::fromStdString(dir)).filePath(QString::fromStdString(key) + QStringLiteral(".alir")), alir);
}

// A reply must not read an out or tmp tensor before writing it (the prompt states the rule): what is a warning for
// a hand-written program is an error for a candidate, fed back before it is run.
Diagnostics& strictForReplies(Diagnostics& ds)
{
    for (auto& d : ds)
        if (d.code == "check.read-before-write" || d.code == "check.uninitialized-accumulator")
            d.severity = Severity::Error;
    return ds;
}

// Lines as the model sees them: in its own reply, where the program's block starts further down.
std::string linesInReply(const Diagnostics& ds, const std::string& reply, const std::string& alir)
{
    const size_t at = reply.find(alir);
    if (at == std::string::npos)
        return {};
    const int offset = static_cast<int>(std::count(reply.begin(), reply.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
    if (offset == 0)
        return {};
    std::string where;
    std::set<int> said;
    for (const auto& d : ds)
        if (d.severity == Severity::Error && d.loc.line > 0 && said.insert(d.loc.line).second)
            where += "line " + std::to_string(d.loc.line) + " of the program is line " + std::to_string(d.loc.line + offset)
                + " of your reply.\n";
    return where;
}

// The program without its string literals and comments, for hints about what the code itself says.
std::string withoutStringsAndComments(const std::string& alir)
{
    std::string out;
    bool inString = false, inComment = false;
    for (char c : alir) {
        if (inComment) {
            inComment = c != '\n';
            if (!inComment)
                out += c;
            continue;
        }
        if (c == '"') {
            inString = !inString;
            continue;
        }
        if (!inString && c == '#') {
            inComment = true;
            continue;
        }
        if (!inString)
            out += c;
    }
    return out;
}

std::string diagnosticsText(const Diagnostics& ds)
{
    std::string out;
    for (const auto& d : ds) {
        if (d.severity != Severity::Error)
            continue;
        out += "line " + std::to_string(d.loc.line) + ":" + std::to_string(d.loc.column) + ": " + d.message + "\n";
        if (out.size() > 3000)
            break;
    }
    return out;
}

} // namespace

std::string defaultCacheDir()
{
    const QString env = qEnvironmentVariable("SOLAR_LLM_CACHE");
    if (!env.isEmpty())
        return env.toStdString();
    return QString(QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) + QStringLiteral("/solar-studio/llm"))
        .toStdString();
}

std::string cacheKey(const TranslationRequest& r, const std::string& model)
{
    QCryptographicHash h(QCryptographicHash::Sha256);
    h.addData(QByteArray::fromStdString(r.source));
    h.addData(QByteArrayView("\n--shapes--\n"));
    h.addData(QByteArray::fromStdString(r.shapes));
    h.addData(QByteArrayView("\n--model--\n"));
    h.addData(QByteArray::fromStdString(model));
    // A new prompt asks for something else (e.g. @op blocks): its answers are not the old prompt's.
    h.addData(QByteArrayView("\n--prompt--\n"));
    h.addData(QByteArray::fromStdString(systemPrompt()));
    return h.result().toHex().toStdString();
}

Expected<Translation> translate(const TranslationRequest& request, const Validator& validator, const TranslatorOptions& options,
                                Translation* partial)
{
    Translation t;
    t.model = options.settings.model;
    t.cacheKey = cacheKey(request, options.settings.model);
    // A cache hit needs no network: the validated program is re-checked (and re-validated when a reference
    // exists), never trusted blindly.
    if (const std::string cached = cachedProgram(options.cacheDir, t.cacheKey); !cached.empty()) {
        auto program = ir::parseProgram(cached, request.fileName + ".alir");
        if (program && !hasErrors(ir::checkProgram(*program).diagnostics)) {
            t.alir = cached;
            t.fromCache = true;
            t.validation = validator ? validator(*program) : Validation {};
            if (!validator)
                t.validation.details = "cached translation; no reference to compare with";
            return t;
        }
    }

    std::vector<ChatMessage> messages = {{"system", systemPrompt()}, {"user", userPrompt(request)}};
    int best = -1;
    for (int round = 1; round <= std::max(1, options.settings.attempts); ++round) {
        auto reply = chat(options.settings, messages, options.cancel);
        appendAudit(options.cacheDir, t.cacheKey,
                    {{"time", QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString()},
                     {"round", round},
                     {"model", options.settings.model},
                     {"prompt", messages.back().content},
                     {"reply", reply ? reply->content : std::string()},
                     {"error", reply ? std::string() : reply.diagnostics().front().message}});
        if (!reply) {
            if (partial)
                *partial = t;
            return Expected<Translation>::failure(reply.diagnostics());
        }
        if (!reply->model.empty())
            t.model = reply->model;
        Attempt a;
        a.number = round;
        a.reply = reply->content;
        Validation v;
        const auto alir = extractAlir(reply->content);
        if (!alir) {
            a.outcome = "no-ir";
            a.details = "no ALIR program in the reply";
            a.feedback = "Your reply contains no ALIR program. Reply with one program in a ```alir fenced block, starting with `kernel`.";
        } else {
            a.alir = *alir;
            auto program = ir::parseProgram(*alir, request.fileName + ".alir");
            if (!program) {
                a.outcome = "parse-error";
                a.details = diagnosticsText(program.diagnostics());
                const std::string code = withoutStringsAndComments(*alir); // @op("torch.matmul", 3) is what the prompt asks for
                std::string hints;
                if (code.find("**") != std::string::npos)
                    hints += "ALIR has no '**' operator: write pow(x, y) (or x * x for a square).\n";
                if (code.find("np.") != std::string::npos || code.find("torch.") != std::string::npos)
                    hints += "ALIR has no np./torch. functions: use its built-ins (exp, sqrt, tanh, erf, max, ...).\n";
                a.feedback = "The program does not parse:\n" + a.details + linesInReply(program.diagnostics(), reply->content, *alir)
                    + hints + "Fix these and reply with the whole corrected program.";
            } else if (auto checked = ir::checkProgram(*program); hasErrors(strictForReplies(checked.diagnostics))) {
                a.outcome = "check-error";
                a.details = diagnosticsText(checked.diagnostics);
                a.feedback = "The program parses but fails the checks:\n" + a.details
                    + linesInReply(checked.diagnostics, reply->content, *alir) + "Fix these and reply with the whole corrected program.";
            } else if (!validator) {
                a.outcome = "unvalidated";
                v.details = "no reference program to compare with (no Python with the source's framework): the translation is unchecked";
                a.details = v.details;
            } else {
                v = validator(*program);
                a.outcome = v.statusName();
                a.details = v.details;
                if (v.status == ValidationStatus::Mismatch)
                    a.feedback = (v.ran ? "The program runs, but its outputs differ from the original's: "
                                        : "The program does not fit the original: ")
                        + v.details + "\nFind the mistake and reply with the whole corrected program.";
                else if (v.status == ValidationStatus::Unvalidated)
                    a.feedback.clear(); // nothing to correct: the reference could not run
            }
        }
        t.attempts.push_back(a);
        if (options.onAttempt)
            options.onAttempt(a);
        if (best < 0 || rank(a.outcome) > rank(t.attempts[static_cast<size_t>(best)].outcome)) {
            best = static_cast<int>(t.attempts.size()) - 1;
            t.alir = a.alir;
            t.validation = v;
            if (a.outcome == "parse-error" || a.outcome == "check-error" || a.outcome == "no-ir") {
                t.validation.status = ValidationStatus::Unvalidated;
                t.validation.details = "the best candidate " + a.outcome + ": " + a.details;
            }
        }
        if (a.outcome == "validated" || a.outcome == "unvalidated")
            break;
        if (round < options.settings.attempts) {
            messages.push_back({"assistant", reply->content});
            messages.push_back({"user", a.feedback});
        }
    }
    if (best >= 0 && t.attempts[static_cast<size_t>(best)].outcome == "validated")
        storeProgram(options.cacheDir, t.cacheKey, t.alir);
    if (t.attempts.empty() || rank(t.attempts[static_cast<size_t>(best)].outcome) < 2)
        t.alir.clear(); // nothing that even checks: there is no program to analyse
    if (t.alir.empty() && t.validation.status != ValidationStatus::Validated)
        t.validation.details = "no attempt produced a program that checks (" + std::to_string(t.attempts.size()) + " attempts; last: "
            + (t.attempts.empty() ? std::string("none") : t.attempts.back().outcome + ": " + t.attempts.back().details) + ")";
    return t;
}

} // namespace solar::llm
