<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>AlirLexer</name>
    <message>
        <location filename="../widgets/editor/alirlexer.cpp" line="34"/>
        <source>Default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <location filename="../widgets/editor/alirlexer.cpp" line="35"/>
        <source>Comment</source>
        <translation>Kommentar</translation>
    </message>
    <message>
        <location filename="../widgets/editor/alirlexer.cpp" line="36"/>
        <source>Keyword</source>
        <translation>Schlüsselwort</translation>
    </message>
    <message>
        <location filename="../widgets/editor/alirlexer.cpp" line="37"/>
        <source>Element type</source>
        <translation>Elementtyp</translation>
    </message>
    <message>
        <location filename="../widgets/editor/alirlexer.cpp" line="38"/>
        <source>Built-in function</source>
        <translation>Eingebaute Funktion</translation>
    </message>
    <message>
        <location filename="../widgets/editor/alirlexer.cpp" line="39"/>
        <source>Number</source>
        <translation>Zahl</translation>
    </message>
    <message>
        <location filename="../widgets/editor/alirlexer.cpp" line="40"/>
        <source>Operator</source>
        <translation>Operator</translation>
    </message>
    <message>
        <location filename="../widgets/editor/alirlexer.cpp" line="41"/>
        <source>String</source>
        <translation>Zeichenkette</translation>
    </message>
</context>
<context>
    <name>AnalysisSession</name>
    <message>
        <location filename="../app/studio/analysissession.cpp" line="30"/>
        <source>Analysing: %1…</source>
        <translation>Analyse: %1…</translation>
    </message>
    <message>
        <location filename="../app/studio/analysissession.cpp" line="41"/>
        <source>Cannot write a copy for the tracer: %1</source>
        <translation>Kopie für den Tracer kann nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <location filename="../app/studio/analysissession.cpp" line="48"/>
        <source>Asking %1 at %2…</source>
        <translation>Frage %1 unter %2…</translation>
    </message>
    <message>
        <location filename="../app/studio/analysissession.cpp" line="54"/>
        <source>Analysing…</source>
        <translation>Analysiere…</translation>
    </message>
    <message>
        <location filename="../app/studio/analysissession.cpp" line="68"/>
        <source>Validation cancelled; the bounds stand, unvalidated</source>
        <translation>Validierung abgebrochen; die Schranken bleiben, unvalidiert</translation>
    </message>
    <message>
        <location filename="../app/studio/analysissession.cpp" line="72"/>
        <source>Analysis cancelled</source>
        <translation>Analyse abgebrochen</translation>
    </message>
    <message>
        <location filename="../app/studio/analysissession.cpp" line="80"/>
        <source>%1: %2 — %3</source>
        <translation>%1: %2 — %3</translation>
    </message>
    <message>
        <location filename="../app/studio/analysissession.cpp" line="84"/>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location filename="../app/studio/analysissession.cpp" line="90"/>
        <source>The analysis of this file failed (see the editor); the numbers shown are of the file open before.</source>
        <translation>Die Analyse dieser Datei ist fehlgeschlagen (siehe Editor); die angezeigten Zahlen gehören zur vorher geöffneten Datei.</translation>
    </message>
    <message>
        <location filename="../app/studio/analysissession.cpp" line="91"/>
        <source>The last analysis failed (see the editor); the numbers shown are from the one before.</source>
        <translation>Die letzte Analyse ist fehlgeschlagen (siehe Editor); die gezeigten Zahlen stammen von der vorherigen.</translation>
    </message>
    <message>
        <location filename="../app/studio/analysissession.cpp" line="93"/>
        <source>Analysis failed: %1</source>
        <translation>Analyse fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location filename="../app/studio/analysissession.cpp" line="106"/>
        <source>Validation finished: %1</source>
        <translation>Validierung beendet: %1</translation>
    </message>
    <message>
        <location filename="../app/studio/analysissession.cpp" line="112"/>
        <source>Analysed: %1 operators, validation %2</source>
        <translation>Analysiert: %1 Operatoren, Validierung %2</translation>
    </message>
    <message>
        <location filename="../app/studio/analysissession.cpp" line="136"/>
        <source>the comparison with the source runs in the background</source>
        <translation>der Vergleich mit der Quelle läuft im Hintergrund</translation>
    </message>
    <message>
        <location filename="../app/studio/analysissession.cpp" line="137"/>
        <source>Bounds ready; validating against the source in the background (Esc cancels the validation)…</source>
        <translation>Schranken bereit; Validierung gegen die Quelle läuft im Hintergrund (Esc bricht die Validierung ab)…</translation>
    </message>
    <message>
        <location filename="../app/studio/analysissession.cpp" line="191"/>
        <source>Source changed: results are stale (Ctrl+R analyses again)</source>
        <translation>Quelle geändert: Ergebnisse sind veraltet (Strg+R analysiert erneut)</translation>
    </message>
</context>
<context>
    <name>AnalysisToolbar</name>
    <message>
        <location filename="../app/studio/analysistoolbar.cpp" line="13"/>
        <source>Analysis</source>
        <translation>Analyse</translation>
    </message>
    <message>
        <location filename="../app/studio/analysistoolbar.cpp" line="16"/>
        <source> Frontend: </source>
        <translation> Frontend: </translation>
    </message>
    <message>
        <location filename="../app/studio/analysistoolbar.cpp" line="19"/>
        <source> Execution: </source>
        <translation> Ausführung: </translation>
    </message>
    <message>
        <location filename="../app/studio/analysistoolbar.cpp" line="22"/>
        <source>eager</source>
        <translation>eager</translation>
    </message>
    <message>
        <location filename="../app/studio/analysistoolbar.cpp" line="23"/>
        <source>CUDA graph / compiled</source>
        <translation>CUDA-Graph / kompiliert</translation>
    </message>
    <message>
        <location filename="../app/studio/analysistoolbar.cpp" line="24"/>
        <source>no floor</source>
        <translation>ohne Untergrenze</translation>
    </message>
    <message>
        <location filename="../app/studio/analysistoolbar.cpp" line="25"/>
        <source>How the program runs, for the eager level F0: eager pays the profile&apos;s host dispatch and kernel-launch floors, a CUDA graph or compiled program the launch floor only, no floor neither. The SOL levels never pay them.</source>
        <translation>Wie das Programm läuft, für die Eager-Stufe F0: eager zahlt die Host-Dispatch- und Kernel-Start-Untergrenzen des Profils, ein CUDA-Graph oder kompiliertes Programm nur die Start-Untergrenze, ohne Untergrenze keine. Die SOL-Stufen zahlen sie nie.</translation>
    </message>
</context>
<context>
    <name>CalibrateDialog</name>
    <message>
        <location filename="../widgets/hardware/calibratedialog.cpp" line="22"/>
        <source>Calibrate this machine</source>
        <translation>Diesen Rechner kalibrieren</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/calibratedialog.cpp" line="24"/>
        <source>Measures this CPU&apos;s FMA throughput on one and on all threads, its memory bandwidth and, with torch, the least time one ATen operator takes; reads its caches from sysfs. Takes under a minute; other programs running now make the numbers lower. The result is saved as the user profile &apos;%1&apos;.</source>
        <translation>Misst den FMA-Durchsatz dieser CPU auf einem und auf allen Threads, ihre Speicherbandbreite und, mit torch, die kürzeste Zeit, die ein ATen-Operator braucht; liest die Caches aus sysfs. Dauert weniger als eine Minute; gleichzeitig laufende Programme drücken die Werte. Das Ergebnis wird als Benutzerprofil „%1“ gespeichert.</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/calibratedialog.cpp" line="97"/>
        <location filename="../widgets/hardware/calibratedialog.cpp" line="102"/>
        <source>Not saved: %1</source>
        <translation>Nicht gespeichert: %1</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/calibratedialog.cpp" line="106"/>
        <source>Saved as the user profile &apos;%1&apos; (%2).</source>
        <translation>Als Benutzerprofil „%1“ gespeichert (%2).</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/calibratedialog.cpp" line="114"/>
        <source>Cancelling after the current step…</source>
        <translation>Abbruch nach dem laufenden Schritt …</translation>
    </message>
</context>
<context>
    <name>ComparisonPane</name>
    <message>
        <location filename="../widgets/compare/comparisonpane.cpp" line="53"/>
        <source>Fused bound per profile (shorter is faster)</source>
        <translation>Fusionierte Schranke je Profil (kürzer ist schneller)</translation>
    </message>
    <message>
        <location filename="../widgets/compare/comparisonpane.cpp" line="94"/>
        <source>Profiles:</source>
        <translation>Profile:</translation>
    </message>
    <message>
        <location filename="../widgets/compare/comparisonpane.cpp" line="96"/>
        <source>Baseline:</source>
        <translation>Basis:</translation>
    </message>
    <message>
        <location filename="../widgets/compare/comparisonpane.cpp" line="130"/>
        <source> (user)</source>
        <translation> (Benutzer)</translation>
    </message>
    <message>
        <location filename="../widgets/compare/comparisonpane.cpp" line="186"/>
        <source>Profile</source>
        <translation>Profil</translation>
    </message>
    <message>
        <location filename="../widgets/compare/comparisonpane.cpp" line="190"/>
        <source>Speedup (fused)</source>
        <translation>Beschleunigung (fusioniert)</translation>
    </message>
    <message>
        <location filename="../widgets/compare/comparisonpane.cpp" line="190"/>
        <source>Bottleneck (fused)</source>
        <translation>Engpass (fusioniert)</translation>
    </message>
    <message>
        <location filename="../widgets/compare/comparisonpane.cpp" line="206"/>
        <source>The bottleneck is the same on every profile.</source>
        <translation>Der Engpass ist auf jedem Profil derselbe.</translation>
    </message>
    <message>
        <location filename="../widgets/compare/comparisonpane.cpp" line="207"/>
        <source>Where the bottleneck moves: </source>
        <translation>Wohin sich der Engpass verschiebt: </translation>
    </message>
    <message>
        <location filename="../widgets/compare/comparisonpane.cpp" line="216"/>
        <source>%1 (%2 per operator, %3 in all)</source>
        <translation>%1 (%2 je Operator, %3 insgesamt)</translation>
    </message>
    <message>
        <location filename="../widgets/compare/comparisonpane.cpp" line="224"/>
        <source>F0 has no per-operator floor on any of these profiles: it is the pure bound everywhere.</source>
        <translation>F0 hat auf keinem dieser Profile eine Untergrenze je Operator: überall die reine Schranke.</translation>
    </message>
    <message>
        <location filename="../widgets/compare/comparisonpane.cpp" line="225"/>
        <source>F0 includes the eager per-operator floor on %1; none on %2, whose F0 is the pure bound.</source>
        <translation>F0 enthält die Eager-Untergrenze je Operator auf %1; keine auf %2, dort ist F0 die reine Schranke.</translation>
    </message>
    <message>
        <location filename="../widgets/compare/comparisonpane.cpp" line="226"/>
        <source>no other profile</source>
        <translation>keinem anderen Profil</translation>
    </message>
</context>
<context>
    <name>Document</name>
    <message>
        <location filename="../app/studio/document.cpp" line="72"/>
        <source>Cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <location filename="../app/studio/document.cpp" line="81"/>
        <source># %1 is a binary model (%2 bytes): it is analysed from the file on disk and cannot be edited here.
# The IR pane shows the program it becomes; for an ONNX model, an operator&apos;s source line N is the graph&apos;s N-th node.
</source>
        <translation># %1 ist ein binäres Modell (%2 Bytes): Es wird aus der Datei auf der Festplatte analysiert und kann hier nicht bearbeitet werden.
# Der IR-Bereich zeigt das Programm, zu dem es wird; bei einem ONNX-Modell ist die Quellzeile N eines Operators der N-te Knoten des Graphen.
</translation>
    </message>
    <message>
        <location filename="../app/studio/document.cpp" line="99"/>
        <source>%1 is a binary model: SOLAR Studio does not write it (save a project to keep the analysis settings)</source>
        <translation>%1 ist ein binäres Modell: SOLAR Studio schreibt es nicht (speichern Sie ein Projekt, um die Analyseeinstellungen zu behalten)</translation>
    </message>
    <message>
        <location filename="../app/studio/document.cpp" line="120"/>
        <location filename="../app/studio/document.cpp" line="132"/>
        <source>Save failed</source>
        <translation>Speichern fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../app/studio/document.cpp" line="126"/>
        <source>Save source</source>
        <translation>Quelle speichern</translation>
    </message>
    <message>
        <location filename="../app/studio/document.cpp" line="140"/>
        <source>Unsaved edits</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <location filename="../app/studio/document.cpp" line="140"/>
        <source>The source has unsaved edits. Save them first?</source>
        <translation>Die Quelle hat ungespeicherte Änderungen. Zuerst speichern?</translation>
    </message>
    <message>
        <location filename="../app/studio/document.cpp" line="156"/>
        <source>Autosave failed: %1</source>
        <translation>Automatisches Speichern fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location filename="../app/studio/document.cpp" line="162"/>
        <source>an unsaved %1</source>
        <translation>ein ungespeichertes %1</translation>
    </message>
    <message>
        <location filename="../app/studio/document.cpp" line="163"/>
        <source>Recover unsaved edits?</source>
        <translation>Ungespeicherte Änderungen wiederherstellen?</translation>
    </message>
    <message>
        <location filename="../app/studio/document.cpp" line="164"/>
        <source>SOLAR Studio closed with unsaved edits to %1 (autosaved %2). Recover them?</source>
        <translation>SOLAR Studio wurde mit ungespeicherten Änderungen an %1 beendet (automatisch gespeichert %2). Wiederherstellen?</translation>
    </message>
    <message>
        <location filename="../app/studio/document.cpp" line="180"/>
        <source>Recovered unsaved edits; save them to keep them</source>
        <translation>Ungespeicherte Änderungen wiederhergestellt; speichern Sie sie, um sie zu behalten</translation>
    </message>
</context>
<context>
    <name>DocumentationDialog</name>
    <message>
        <location filename="../app/studio/documentation.cpp" line="26"/>
        <source>SOLAR Studio documentation</source>
        <translation>SOLAR-Studio-Dokumentation</translation>
    </message>
    <message>
        <location filename="../app/studio/documentation.cpp" line="48"/>
        <source>No documentation found in %1 (set SOLAR_DOCS_DIR).</source>
        <translation>Keine Dokumentation in %1 gefunden (SOLAR_DOCS_DIR setzen).</translation>
    </message>
</context>
<context>
    <name>EnvironmentDialog</name>
    <message>
        <location filename="../app/studio/environmentdialog.cpp" line="41"/>
        <source>&amp;Probe again</source>
        <translation>&amp;Erneut prüfen</translation>
    </message>
    <message>
        <location filename="../app/studio/environmentdialog.cpp" line="43"/>
        <source>Environment</source>
        <translation>Umgebung</translation>
    </message>
    <message>
        <location filename="../app/studio/environmentdialog.cpp" line="45"/>
        <source>search SOLAR_PYTHON, the active environment, PATH</source>
        <translation>SOLAR_PYTHON, aktive Umgebung, PATH durchsuchen</translation>
    </message>
    <message>
        <location filename="../app/studio/environmentdialog.cpp" line="46"/>
        <source>The Python interpreter of your own environment (a venv&apos;s or conda&apos;s bin/python) that traces PyTorch models and runs references. SOLAR_PYTHON, when set, comes first. Supported: torch 1.13 and 2.x.</source>
        <translation>Der Python-Interpreter Ihrer eigenen Umgebung (bin/python eines venv oder conda), der PyTorch-Modelle verfolgt und Referenzen ausführt. SOLAR_PYTHON hat, wenn gesetzt, Vorrang. Unterstützt: torch 1.13 und 2.x.</translation>
    </message>
    <message>
        <location filename="../app/studio/environmentdialog.cpp" line="48"/>
        <source>&amp;Browse…</source>
        <translation>&amp;Durchsuchen…</translation>
    </message>
    <message>
        <location filename="../app/studio/environmentdialog.cpp" line="54"/>
        <source>Python interpreter:</source>
        <translation>Python-Interpreter:</translation>
    </message>
    <message>
        <location filename="../app/studio/environmentdialog.cpp" line="62"/>
        <source>The next analysis uses the interpreter marked as chosen.</source>
        <translation>Die nächste Analyse verwendet den als gewählt markierten Interpreter.</translation>
    </message>
    <message>
        <location filename="../app/studio/environmentdialog.cpp" line="66"/>
        <source>Python interpreter</source>
        <translation>Python-Interpreter</translation>
    </message>
    <message>
        <location filename="../app/studio/environmentdialog.cpp" line="92"/>
        <source>Probing the Python interpreters (importing torch can take a few seconds)…</source>
        <translation>Python-Interpreter werden geprüft (der Import von torch kann einige Sekunden dauern)…</translation>
    </message>
</context>
<context>
    <name>ExportActions</name>
    <message>
        <location filename="../app/studio/exportactions.cpp" line="20"/>
        <source>Report &amp;preview…</source>
        <translation>Bericht&amp;vorschau…</translation>
    </message>
    <message>
        <location filename="../app/studio/exportactions.cpp" line="30"/>
        <source>Nothing to export: analyse first (Ctrl+R)</source>
        <translation>Nichts zu exportieren: zuerst analysieren (Strg+R)</translation>
    </message>
    <message>
        <location filename="../app/studio/exportactions.cpp" line="34"/>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <location filename="../app/studio/exportactions.cpp" line="40"/>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../app/studio/exportactions.cpp" line="42"/>
        <source>Exported %1</source>
        <translation>%1 exportiert</translation>
    </message>
    <message>
        <location filename="../app/studio/exportactions.cpp" line="49"/>
        <source>Nothing to preview: analyse first (Ctrl+R)</source>
        <translation>Nichts für die Vorschau: zuerst analysieren (Strg+R)</translation>
    </message>
</context>
<context>
    <name>Exports</name>
    <message>
        <location filename="../render/exports.cpp" line="49"/>
        <source>&amp;Report (PDF)…</source>
        <translation>&amp;Bericht (PDF)…</translation>
    </message>
    <message>
        <location filename="../render/exports.cpp" line="49"/>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <location filename="../render/exports.cpp" line="51"/>
        <source>Analysis as &amp;JSON…</source>
        <translation>Analyse als &amp;JSON…</translation>
    </message>
    <message>
        <location filename="../render/exports.cpp" line="51"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../render/exports.cpp" line="56"/>
        <source>Operators as &amp;CSV…</source>
        <translation>Operatoren als &amp;CSV…</translation>
    </message>
    <message>
        <location filename="../render/exports.cpp" line="56"/>
        <location filename="../render/exports.cpp" line="61"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../render/exports.cpp" line="60"/>
        <source>Optimisation &amp;opportunities as CSV…</source>
        <translation>Optimierungs&amp;möglichkeiten als CSV…</translation>
    </message>
    <message>
        <location filename="../render/exports.cpp" line="65"/>
        <source>Einsum graph as &amp;DOT…</source>
        <translation>Einsum-Graph als &amp;DOT…</translation>
    </message>
    <message>
        <location filename="../render/exports.cpp" line="65"/>
        <source>Graphviz (*.dot)</source>
        <translation>Graphviz (*.dot)</translation>
    </message>
    <message>
        <location filename="../render/exports.cpp" line="70"/>
        <source>Einsum graph as &amp;SVG…</source>
        <translation>Einsum-Graph als &amp;SVG…</translation>
    </message>
    <message>
        <location filename="../render/exports.cpp" line="70"/>
        <location filename="../render/exports.cpp" line="82"/>
        <source>SVG (*.svg)</source>
        <translation>SVG (*.svg)</translation>
    </message>
    <message>
        <location filename="../render/exports.cpp" line="72"/>
        <source>Einsum graph as SOLAR &amp;YAML…</source>
        <translation>Einsum-Graph als SOLAR-&amp;YAML…</translation>
    </message>
    <message>
        <location filename="../render/exports.cpp" line="72"/>
        <source>YAML (*.yaml)</source>
        <translation>YAML (*.yaml)</translation>
    </message>
    <message>
        <location filename="../render/exports.cpp" line="77"/>
        <source>Roofline as P&amp;NG…</source>
        <translation>Roofline als P&amp;NG…</translation>
    </message>
    <message>
        <location filename="../render/exports.cpp" line="77"/>
        <source>PNG (*.png)</source>
        <translation>PNG (*.png)</translation>
    </message>
    <message>
        <location filename="../render/exports.cpp" line="82"/>
        <source>Roofline as S&amp;VG…</source>
        <translation>Roofline als S&amp;VG…</translation>
    </message>
    <message>
        <location filename="../render/exports.cpp" line="103"/>
        <source>Nothing to export: analyse first (Ctrl+R)</source>
        <translation>Nichts zu exportieren: zuerst analysieren (Strg+R)</translation>
    </message>
</context>
<context>
    <name>Figures</name>
    <message>
        <location filename="../render/figures.cpp" line="49"/>
        <source>Roofline of %1 on %2 at %3 %4 — %5 operators</source>
        <translation>Roofline von %1 auf %2 bei %3 %4 — %5 Operatoren</translation>
    </message>
    <message>
        <location filename="../render/figures.cpp" line="75"/>
        <location filename="../render/figures.cpp" line="128"/>
        <source>cannot paint the SVG</source>
        <translation>SVG kann nicht gezeichnet werden</translation>
    </message>
    <message>
        <location filename="../render/figures.cpp" line="79"/>
        <source>unknown figure format &apos;%1&apos; (png, svg)</source>
        <translation>unbekanntes Bildformat „%1“ (png, svg)</translation>
    </message>
    <message>
        <location filename="../render/figures.cpp" line="109"/>
        <source>the sweep has no measured problem to plot</source>
        <translation>der Lauf enthält kein gemessenes Problem zum Zeichnen</translation>
    </message>
    <message>
        <location filename="../render/figures.cpp" line="110"/>
        <source>Measured time against bound: %1 problems on %2</source>
        <translation>Gemessene Zeit gegen Schranke: %1 Probleme auf %2</translation>
    </message>
    <message>
        <location filename="../render/figures.cpp" line="125"/>
        <source>Einsum graph: %1</source>
        <translation>Einsum-Graph: %1</translation>
    </message>
</context>
<context>
    <name>FindBar</name>
    <message>
        <location filename="../widgets/editor/findbar.cpp" line="20"/>
        <source>Match case</source>
        <translation>Groß-/Kleinschreibung</translation>
    </message>
    <message>
        <location filename="../widgets/editor/findbar.cpp" line="24"/>
        <source>Find</source>
        <translation>Suchen</translation>
    </message>
    <message>
        <location filename="../widgets/editor/findbar.cpp" line="25"/>
        <source>Replace with</source>
        <translation>Ersetzen durch</translation>
    </message>
    <message>
        <location filename="../widgets/editor/findbar.cpp" line="26"/>
        <source>Next</source>
        <translation>Weiter</translation>
    </message>
    <message>
        <location filename="../widgets/editor/findbar.cpp" line="27"/>
        <source>Previous</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <location filename="../widgets/editor/findbar.cpp" line="30"/>
        <source>Close (Esc)</source>
        <translation>Schließen (Esc)</translation>
    </message>
    <message>
        <location filename="../widgets/editor/findbar.cpp" line="33"/>
        <source>Find:</source>
        <translation>Suchen:</translation>
    </message>
    <message>
        <location filename="../widgets/editor/findbar.cpp" line="40"/>
        <source>Replace</source>
        <translation>Ersetzen</translation>
    </message>
    <message>
        <location filename="../widgets/editor/findbar.cpp" line="41"/>
        <source>Replace all</source>
        <translation>Alle ersetzen</translation>
    </message>
    <message>
        <location filename="../widgets/editor/findbar.cpp" line="44"/>
        <source>Replace:</source>
        <translation>Ersetzen:</translation>
    </message>
    <message>
        <location filename="../widgets/editor/findbar.cpp" line="88"/>
        <source>not found</source>
        <translation>nicht gefunden</translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/editor/findbar.cpp" line="124"/>
        <source>%n replaced</source>
        <translation>
            <numerusform>%n ersetzt</numerusform>
            <numerusform>%n ersetzt</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FrontendOption</name>
    <message>
        <location filename="../engine/frontend/hfconfig/hfconfigfrontend.cpp" line="33"/>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <location filename="../engine/frontend/hfconfig/hfconfigfrontend.cpp" line="41"/>
        <source>Batch</source>
        <translation>Batch</translation>
    </message>
    <message>
        <location filename="../engine/frontend/hfconfig/hfconfigfrontend.cpp" line="49"/>
        <source>Tokens</source>
        <translation>Token</translation>
    </message>
    <message>
        <location filename="../engine/frontend/hfconfig/hfconfigfrontend.cpp" line="58"/>
        <source>Precision</source>
        <translation>Genauigkeit</translation>
    </message>
    <message>
        <location filename="../engine/frontend/hfconfig/hfconfigfrontend.cpp" line="66"/>
        <source>KV cache precision</source>
        <translation>KV-Cache-Genauigkeit</translation>
    </message>
    <message>
        <location filename="../engine/frontend/llm/llmoptions.cpp" line="18"/>
        <source>Endpoint</source>
        <translation>Endpunkt</translation>
    </message>
    <message>
        <location filename="../engine/frontend/llm/llmoptions.cpp" line="20"/>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <location filename="../engine/frontend/llm/llmoptions.cpp" line="26"/>
        <source>API key variable</source>
        <translation>Variable des API-Schlüssels</translation>
    </message>
    <message>
        <location filename="../engine/frontend/llm/llmoptions.cpp" line="32"/>
        <source>Attempts</source>
        <translation>Versuche</translation>
    </message>
    <message>
        <location filename="../engine/frontend/llm/llmoptions.cpp" line="39"/>
        <source>Timeout (s)</source>
        <translation>Zeitlimit (s)</translation>
    </message>
    <message>
        <location filename="../engine/frontend/llm/llmoptions.cpp" line="46"/>
        <source>Cache folder</source>
        <translation>Cache-Ordner</translation>
    </message>
    <message>
        <location filename="../engine/frontend/solexec/solexecfrontend.cpp" line="32"/>
        <source>Workload</source>
        <translation>Workload</translation>
    </message>
</context>
<context>
    <name>FrontendOptionBar</name>
    <message>
        <location filename="../widgets/editor/frontendoptionbar.cpp" line="158"/>
        <source>(none: %1)</source>
        <translation>(keine: %1)</translation>
    </message>
</context>
<context>
    <name>FrontendSelector</name>
    <message>
        <location filename="../widgets/editor/frontendselector.cpp" line="29"/>
        <source>Sources (%1)</source>
        <translation>Quellen (%1)</translation>
    </message>
    <message>
        <location filename="../widgets/editor/frontendselector.cpp" line="31"/>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../widgets/editor/frontendselector.cpp" line="38"/>
        <source>Automatic (PyTorch and JAX files traced, ALIR as written)</source>
        <translation>Automatisch (PyTorch- und JAX-Dateien per Trace, ALIR wie geschrieben)</translation>
    </message>
    <message>
        <location filename="../engine/frontend/pytorch/pytorchfrontend.cpp" line="17"/>
        <source>PyTorch trace</source>
        <translation>PyTorch-Trace</translation>
    </message>
    <message>
        <location filename="../engine/frontend/jax/jaxfrontend.cpp" line="18"/>
        <source>JAX trace (jaxpr)</source>
        <translation>JAX-Trace (jaxpr)</translation>
    </message>
    <message>
        <location filename="../engine/frontend/alir/alirfrontend.cpp" line="16"/>
        <source>ALIR as written</source>
        <translation>ALIR wie geschrieben</translation>
    </message>
    <message>
        <location filename="../engine/frontend/llm/llmfrontend.cpp" line="200"/>
        <source>LLM (any source, validated when a reference runs)</source>
        <translation>LLM (jede Quelle, validiert, wenn eine Referenz läuft)</translation>
    </message>
    <message>
        <location filename="../widgets/editor/frontendselector.cpp" line="42"/>
        <source>How the source becomes ALIR</source>
        <translation>Wie die Quelle zu ALIR wird</translation>
    </message>
    <message>
        <location filename="../engine/frontend/hfconfig/hfconfigfrontend.cpp" line="19"/>
        <source>Hugging Face config.json</source>
        <translation>Hugging-Face-config.json</translation>
    </message>
    <message>
        <location filename="../engine/frontend/onnx/onnxfrontend.cpp" line="30"/>
        <source>ONNX model</source>
        <translation>ONNX-Modell</translation>
    </message>
    <message>
        <location filename="../engine/frontend/solexec/solexecfrontend.cpp" line="18"/>
        <source>SOL-ExecBench problem</source>
        <translation>SOL-ExecBench-Problem</translation>
    </message>
</context>
<context>
    <name>GraphPane</name>
    <message>
        <location filename="../widgets/graph/graphpane.cpp" line="24"/>
        <source>Find operator…</source>
        <translation>Operator suchen…</translation>
    </message>
    <message>
        <location filename="../widgets/graph/graphpane.cpp" line="25"/>
        <source>Name, kind, equation, ATen op or module path; Enter jumps to the next match</source>
        <translation>Name, Art, Gleichung, ATen-Op oder Modulpfad; Enter springt zum nächsten Treffer</translation>
    </message>
    <message>
        <location filename="../widgets/graph/graphpane.cpp" line="27"/>
        <source>Colour by bottleneck</source>
        <translation>Nach Engpass färben</translation>
    </message>
    <message>
        <location filename="../widgets/graph/graphpane.cpp" line="28"/>
        <source>Colour by share of time</source>
        <translation>Nach Zeitanteil färben</translation>
    </message>
    <message>
        <location filename="../widgets/graph/graphpane.cpp" line="29"/>
        <source>Fit</source>
        <translation>Einpassen</translation>
    </message>
    <message>
        <location filename="../widgets/graph/graphpane.cpp" line="47"/>
        <source>No operator matches &apos;%1&apos;</source>
        <translation>Kein Operator passt zu „%1“</translation>
    </message>
    <message>
        <location filename="../widgets/graph/graphpane.cpp" line="49"/>
        <source>Match %1 of %2 for &apos;%3&apos; (Enter: next)</source>
        <translation>Treffer %1 von %2 für „%3“ (Enter: nächster)</translation>
    </message>
</context>
<context>
    <name>GraphView</name>
    <message numerus="yes">
        <location filename="../widgets/graph/graphview.cpp" line="145"/>
        <source>Laying out %n operator(s)…</source>
        <translation>
            <numerusform>Ordne %n Operator an …</numerusform>
            <numerusform>Ordne %n Operatoren an …</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HardwareCaption</name>
    <message>
        <location filename="../render/hardwarecaption.cpp" line="19"/>
        <source>%1 (what-if: %2)</source>
        <translation>%1 (Was-wäre-wenn: %2)</translation>
    </message>
</context>
<context>
    <name>HardwarePane</name>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="71"/>
        <source>Profile:</source>
        <translation>Profil:</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="80"/>
        <source>What if (factor on the profile&apos;s value)</source>
        <translation>Was wäre, wenn (Faktor auf den Profilwert)</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="86"/>
        <source>DRAM bandwidth</source>
        <translation>DRAM-Bandbreite</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="86"/>
        <source>Tensor-core peaks</source>
        <translation>Tensor-Core-Spitzenwerte</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="86"/>
        <source>SIMT peaks</source>
        <translation>SIMT-Spitzenwerte</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="86"/>
        <source>On-chip capacity</source>
        <translation>On-Chip-Kapazität</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="86"/>
        <source>Clock</source>
        <translation>Takt</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="134"/>
        <source>Reset</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="139"/>
        <source>Target latency (inverse roofline)</source>
        <translation>Ziellatenz (inverse Roofline)</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="149"/>
        <source>Apply bandwidth</source>
        <translation>Bandbreite übernehmen</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="150"/>
        <source>Sets the DRAM bandwidth slider to the bandwidth the target needs at today&apos;s compute</source>
        <translation>Setzt den DRAM-Bandbreitenregler auf die Bandbreite, die das Ziel bei heutiger Rechenleistung braucht</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="151"/>
        <source>Apply compute</source>
        <translation>Rechenleistung übernehmen</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="152"/>
        <source>Sets the Clock slider, which scales every compute peak, to the factor the target needs</source>
        <translation>Setzt den Taktregler, der alle Rechen-Spitzenwerte skaliert, auf den Faktor, den das Ziel braucht</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="153"/>
        <source>Apply on-chip</source>
        <translation>On-Chip übernehmen</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="166"/>
        <source>Save as user profile…</source>
        <translation>Als Benutzerprofil speichern…</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="167"/>
        <source>Save the profile with the sliders&apos; values as a user profile (offered in Compare and the overlays)</source>
        <translation>Das Profil mit den Reglerwerten als Benutzerprofil speichern (angeboten im Vergleich und in den Überlagerungen)</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="289"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="141"/>
        <source>Target:</source>
        <translation>Ziel:</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="54"/>
        <source>none (e.g. 190 µs)</source>
        <translation>keine (z. B. 190 µs)</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="72"/>
        <source>Calibrate this machine…</source>
        <translation>Diesen Rechner kalibrieren …</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="73"/>
        <source>Measure this computer&apos;s CPU (compute, memory bandwidth, caches, the eager per-op floor) and save it as the user profile &apos;host&apos;, to bound models on the hardware in front of you and check the bounds with &apos;solar measure&apos;</source>
        <translation>Die CPU dieses Rechners messen (Rechenleistung, Speicherbandbreite, Caches, die Mindestzeit je Eager-Operator) und als Benutzerprofil „host“ speichern, um Modelle auf der Hardware vor Ihnen zu beschränken und die Schranken mit „solar measure“ zu prüfen</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="86"/>
        <source>Link bandwidth</source>
        <translation>Link-Bandbreite</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="88"/>
        <source>DRAM bandwidth: scales the memory roof and every level&apos;s memory time</source>
        <translation>DRAM-Bandbreite: skaliert das Speicherdach und die Speicherzeit jeder Stufe</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="89"/>
        <source>Every tensor-core peak (all precisions): scales the tensor compute roofs</source>
        <translation>Jede Tensor-Core-Spitze (alle Genauigkeiten): skaliert die Tensor-Rechendächer</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="90"/>
        <source>Every SIMT (CUDA-core) peak: scales elementwise work and SIMT contractions</source>
        <translation>Jede SIMT-(CUDA-Core-)Spitze: skaliert elementweise Arbeit und SIMT-Kontraktionen</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="91"/>
        <source>On-chip capacity (registers, shared memory, L2): changes the cache-aware level (F4) only</source>
        <translation>On-Chip-Kapazität (Register, Shared Memory, L2): ändert nur die Cache-bewusste Stufe (F4)</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="92"/>
        <source>The clock: scales every compute peak together (bandwidth is not clock-bound)</source>
        <translation>Der Takt: skaliert alle Rechenspitzen gemeinsam (die Bandbreite hängt nicht am Takt)</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="93"/>
        <source>Every link between devices (NVLink, InfiniBand): changes the collectives of a program split over devices only</source>
        <translation>Jede Verbindung zwischen Geräten (NVLink, InfiniBand): ändert nur die kollektiven Operationen eines auf Geräte verteilten Programms</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="101"/>
        <source> (×0.01 to ×100 of the profile&apos;s value)</source>
        <translation> (×0,01 bis ×100 des Profilwerts)</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="108"/>
        <source>Type the factor on the profile&apos;s value</source>
        <translation>Faktor auf den Profilwert eingeben</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="109"/>
        <source> factor</source>
        <translation> Faktor</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="145"/>
        <source>Level:</source>
        <translation>Stufe:</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="197"/>
        <source> (user)</source>
        <translation> (Benutzer)</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="290"/>
        <source>This profile has no tensor-core peak</source>
        <translation>Dieses Profil hat keinen Tensor-Core-Spitzenwert</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="291"/>
        <source>Every tensor-core peak the slider scales: %1</source>
        <translation>Alle Tensor-Core-Spitzenwerte, die der Regler skaliert: %1</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="293"/>
        <source>Every SIMT peak the slider scales: %1</source>
        <translation>Alle SIMT-Spitzenwerte, die der Regler skaliert: %1</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="299"/>
        <source>no link</source>
        <translation>keine Verbindung</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="300"/>
        <source>, per device and direction</source>
        <translation>, pro Gerät und Richtung</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="301"/>
        <source>This profile states no link between devices</source>
        <translation>Dieses Profil nennt keine Verbindung zwischen Geräten</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="352"/>
        <source>Sets the on-chip capacity slider to the capacity the target needs</source>
        <translation>Setzt den On-Chip-Kapazitätsregler auf die Kapazität, die das Ziel braucht</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="353"/>
        <source>On-chip capacity changes only the cache-aware level (F4): choose it as the target level</source>
        <translation>Die On-Chip-Kapazität ändert nur die Cache-bewusste Stufe (F4): wählen Sie sie als Zielstufe</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="362"/>
        <source>Enter a target latency to see what hardware reaches it.</source>
        <translation>Geben Sie eine Ziellatenz ein, um zu sehen, welche Hardware sie erreicht.</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="392"/>
        <source>Each of the %1 devices of the Devices pane, for its share of the program:</source>
        <translation>Jedes der %1 Geräte des Geräte-Bereichs, für seinen Anteil am Programm:</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="394"/>
        <source>For one device: the Devices plan (%1) is not solved for here; &apos;solar inverse --tp N&apos; and the Devices pane give its bounds.</source>
        <translation>Für ein Gerät: der Geräteplan (%1) wird hier nicht gelöst; &apos;solar inverse --tp N&apos; und der Geräte-Bereich geben seine Schranken.</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="397"/>
        <source>Now: %1 at %2; target %3.</source>
        <translation>Jetzt: %1 bei %2; Ziel %3.</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="400"/>
        <source>Bandwidth needed at today&apos;s compute: %1.</source>
        <translation>Nötige Bandbreite bei heutiger Rechenleistung: %1.</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="401"/>
        <source>No bandwidth reaches it: %1</source>
        <translation>Keine Bandbreite erreicht es: %1</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="405"/>
        <source>Compute needed at today&apos;s bandwidth: ×%1 every peak (the top one %2 → %3).</source>
        <translation>Nötige Rechenleistung bei heutiger Bandbreite: ×%1 jede Spitze (die höchste %2 → %3).</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="412"/>
        <source>Necessary whatever the rest: %1 and ×%2 compute (top peak %3).</source>
        <translation>Nötig, was auch immer sonst gilt: %1 und ×%2 Rechenleistung (höchste Spitze %3).</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="408"/>
        <source>No compute reaches it: %1</source>
        <translation>Keine Rechenleistung erreicht es: %1</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="410"/>
        <source>On-chip capacity needed: %1.</source>
        <translation>Nötige On-Chip-Kapazität: %1.</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="411"/>
        <source>No on-chip capacity reaches it: %1</source>
        <translation>Keine On-Chip-Kapazität erreicht es: %1</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="417"/>
        <source>No link bandwidth reaches it: %1</source>
        <translation>Keine Verbindungsbandbreite erreicht es: %1</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="419"/>
        <source>Links: nothing is exchanged, so they do not matter.</source>
        <translation>Verbindungen: nichts wird ausgetauscht, sie spielen keine Rolle.</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="421"/>
        <source>Links needed (collectives overlapped): ×%1 today&apos;s, %2 within a node%3.</source>
        <translation>Benötigte Verbindungen (Kollektive überlappt): ×%1 der heutigen, %2 innerhalb eines Knotens%3.</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="423"/>
        <source>, %1 between nodes</source>
        <translation>, %1 zwischen Knoten</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="460"/>
        <source>No profile to save.</source>
        <translation>Kein Profil zum Speichern.</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="487"/>
        <source>Save user profile</source>
        <translation>Benutzerprofil speichern</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="487"/>
        <source>Profile id (letters, digits, dashes):</source>
        <translation>Profil-ID (Buchstaben, Ziffern, Bindestriche):</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="494"/>
        <source>Save failed</source>
        <translation>Speichern fehlgeschlagen</translation>
    </message>
</context>
<context>
    <name>InsightsModel</name>
    <message>
        <location filename="../widgets/insights/insightsmodel.cpp" line="27"/>
        <source>fusion</source>
        <translation>Fusion</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightsmodel.cpp" line="28"/>
        <source>precision</source>
        <translation>Genauigkeit</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightsmodel.cpp" line="29"/>
        <source>capacity</source>
        <translation>Kapazität</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightsmodel.cpp" line="30"/>
        <source>launch</source>
        <translation>Kernelstart</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightsmodel.cpp" line="31"/>
        <source>measured gap</source>
        <translation>gemessene Lücke</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightsmodel.cpp" line="91"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightsmodel.cpp" line="92"/>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightsmodel.cpp" line="93"/>
        <source>Saved</source>
        <translation>Ersparnis</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightsmodel.cpp" line="94"/>
        <source>Of reference</source>
        <translation>Anteil an der Referenz</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightsmodel.cpp" line="95"/>
        <source>Lines</source>
        <translation>Zeilen</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightsmodel.cpp" line="96"/>
        <source>Opportunity</source>
        <translation>Möglichkeit</translation>
    </message>
</context>
<context>
    <name>InsightsPane</name>
    <message>
        <location filename="../widgets/insights/insightspane.cpp" line="53"/>
        <source>Load profiler trace…</source>
        <translation>Profiler-Trace laden…</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightspane.cpp" line="54"/>
        <source>Clear trace</source>
        <translation>Trace entfernen</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightspane.cpp" line="70"/>
        <source>A Chrome trace from torch.profiler (prof.export_chrome_trace) of this model at these sizes: its ops&apos; measured times are matched to the operators</source>
        <translation>Ein Chrome-Trace von torch.profiler (prof.export_chrome_trace) dieses Modells bei diesen Größen: die gemessenen Zeiten seiner Ops werden den Operatoren zugeordnet</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightspane.cpp" line="93"/>
        <source>Reference %1 (%2); speed of light %3. Recoverable in all: &lt;b&gt;%4&lt;/b&gt; (%5% of the reference; alternatives counted once).</source>
        <translation>Referenz %1 (%2); Speed of Light %3. Insgesamt einsparbar: &lt;b&gt;%4&lt;/b&gt; (%5% der Referenz; Alternativen einmal gezählt).</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightspane.cpp" line="97"/>
        <source>measured: %1</source>
        <translation>gemessen: %1</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightspane.cpp" line="98"/>
        <source>the eager model, no measurement</source>
        <translation>das Eager-Modell, keine Messung</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightspane.cpp" line="104"/>
        <source>At most %1: the reference down to the lowest speed of light, %2 (%3).</source>
        <translation>Höchstens %1: die Referenz bis hinab zur niedrigsten Lichtgeschwindigkeit, %2 (%3).</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightspane.cpp" line="107"/>
        <source>fused, with the fastest precision alternative listed</source>
        <translation>fusioniert, mit der schnellsten aufgeführten Präzisionsalternative</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightspane.cpp" line="108"/>
        <source>fused, at the analysed precision</source>
        <translation>fusioniert, bei der analysierten Präzision</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightspane.cpp" line="110"/>
        <source>&lt;b&gt;What-if hardware&lt;/b&gt; (%1): every time here is on the changed machine.</source>
        <translation>&lt;b&gt;Was-wäre-wenn-Hardware&lt;/b&gt; (%1): jede Zeit hier gilt für die geänderte Maschine.</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightspane.cpp" line="114"/>
        <source>Trace: %1 of ATen time matched to the operators (%2%), %3 not.</source>
        <translation>Trace: %1 ATen-Zeit den Operatoren zugeordnet (%2%), %3 nicht.</translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/insights/insightspane.cpp" line="119"/>
        <source>%n smaller opportunity(ies) not listed.</source>
        <translation>
            <numerusform>%n kleinere Möglichkeit nicht aufgeführt.</numerusform>
            <numerusform>%n kleinere Möglichkeiten nicht aufgeführt.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightspane.cpp" line="122"/>
        <source>No opportunity above 0.5 % of the reference.</source>
        <translation>Keine Möglichkeit über 0,5 % der Referenz.</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightspane.cpp" line="123"/>
        <source>Select an opportunity to see how its estimate follows from the bounds.</source>
        <translation>Wählen Sie eine Möglichkeit, um zu sehen, wie ihre Schätzung aus den Schranken folgt.</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightspane.cpp" line="130"/>
        <source>No analysis yet.</source>
        <translation>Noch keine Analyse.</translation>
    </message>
</context>
<context>
    <name>IrPane</name>
    <message>
        <location filename="../widgets/editor/irpane.cpp" line="16"/>
        <source>Edit as ALIR</source>
        <translation>Als ALIR bearbeiten</translation>
    </message>
    <message>
        <location filename="../widgets/editor/irpane.cpp" line="17"/>
        <source>Analyse this IR</source>
        <translation>Diese IR analysieren</translation>
    </message>
    <message>
        <location filename="../widgets/editor/irpane.cpp" line="24"/>
        <source>Open this program in the editor as ALIR, to change it and analyse it</source>
        <translation>Dieses Programm als ALIR im Editor öffnen, um es zu ändern und zu analysieren</translation>
    </message>
    <message>
        <location filename="../widgets/editor/irpane.cpp" line="53"/>
        <source>&lt;b style=&quot;color:%1&quot;&gt;%2&lt;/b&gt; %3&lt;br&gt;&lt;small&gt;%4&lt;/small&gt;</source>
        <translation>&lt;b style=&quot;color:%1&quot;&gt;%2&lt;/b&gt; %3&lt;br&gt;&lt;small&gt;%4&lt;/small&gt;</translation>
    </message>
    <message>
        <location filename="../widgets/editor/irpane.cpp" line="55"/>
        <source>(as written; editable here)</source>
        <translation>(wie geschrieben; hier bearbeitbar)</translation>
    </message>
    <message>
        <location filename="../widgets/editor/irpane.cpp" line="55"/>
        <source>(generated by a frontend, read-only)</source>
        <translation>(von einem Frontend erzeugt, schreibgeschützt)</translation>
    </message>
    <message>
        <location filename="../widgets/editor/irpane.cpp" line="65"/>
        <source>No program analysed yet.</source>
        <translation>Noch kein Programm analysiert.</translation>
    </message>
</context>
<context>
    <name>LlmSettingsDialog</name>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="23"/>
        <source>LLM frontend settings</source>
        <translation>Einstellungen des LLM-Frontends</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="25"/>
        <source>Any OpenAI-compatible endpoint: hosted APIs, vLLM, llama.cpp server, Ollama (…/v1)</source>
        <translation>Jeder OpenAI-kompatible Endpunkt: gehostete APIs, vLLM, llama.cpp-Server, Ollama (…/v1)</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="26"/>
        <source>The name of the environment variable that holds the API key; empty for servers without keys. The key itself is never stored by SOLAR Studio.</source>
        <translation>Der Name der Umgebungsvariablen mit dem API-Schlüssel; leer für Server ohne Schlüssel. Den Schlüssel selbst speichert SOLAR Studio nie.</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="32"/>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="37"/>
        <source>Base URL:</source>
        <translation>Basis-URL:</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="38"/>
        <source>Model:</source>
        <translation>Modell:</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="39"/>
        <source>API key variable:</source>
        <translation>Variable des API-Schlüssels:</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="41"/>
        <source>Temperature:</source>
        <translation>Temperatur:</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="42"/>
        <source>Timeout per request:</source>
        <translation>Zeitlimit pro Anfrage:</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="43"/>
        <source>Attempts (feedback rounds):</source>
        <translation>Versuche (Rückmelderunden):</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="56"/>
        <source>No key is sent.</source>
        <translation>Es wird kein Schlüssel gesendet.</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="59"/>
        <source>&lt;span style=&quot;color:{error}&quot;&gt;%1 is not set in SOLAR Studio&apos;s environment.&lt;/span&gt;</source>
        <translation>&lt;span style=&quot;color:{error}&quot;&gt;%1 ist in der Umgebung von SOLAR Studio nicht gesetzt.&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="61"/>
        <source>%1 is set (its value is not shown).</source>
        <translation>%1 ist gesetzt (der Wert wird nicht angezeigt).</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="71"/>
        <location filename="../app/studio/mainwindow.cpp" line="185"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="76"/>
        <location filename="../app/studio/mainwindow.cpp" line="330"/>
        <source>SOLAR Studio %1</source>
        <translation>SOLAR Studio %1</translation>
    </message>
    <message>
        <location filename="../app/studio/docklayout.cpp" line="51"/>
        <source>IR</source>
        <translation>IR</translation>
    </message>
    <message>
        <location filename="../app/studio/docklayout.cpp" line="50"/>
        <source>Einsum graph</source>
        <translation>Einsum-Graph</translation>
    </message>
    <message>
        <location filename="../app/studio/docklayout.cpp" line="48"/>
        <source>Roofline</source>
        <translation>Roofline</translation>
    </message>
    <message>
        <location filename="../app/studio/docklayout.cpp" line="63"/>
        <source>Devices</source>
        <translation>Geräte</translation>
    </message>
    <message>
        <location filename="../app/studio/docklayout.cpp" line="64"/>
        <source>Hardware</source>
        <translation>Hardware</translation>
    </message>
    <message>
        <location filename="../app/studio/docklayout.cpp" line="52"/>
        <source>Operators</source>
        <translation>Operatoren</translation>
    </message>
    <message>
        <location filename="../app/studio/docklayout.cpp" line="55"/>
        <source>Summary</source>
        <translation>Zusammenfassung</translation>
    </message>
    <message>
        <location filename="../app/studio/docklayout.cpp" line="56"/>
        <source>LLM transcript</source>
        <translation>LLM-Protokoll</translation>
    </message>
    <message>
        <location filename="../app/studio/docklayout.cpp" line="58"/>
        <source>Compare hardware</source>
        <translation>Hardware vergleichen</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="144"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="145"/>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="146"/>
        <source>Open Problem &amp;Folder…</source>
        <translation>Problem&amp;ordner öffnen…</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="147"/>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="148"/>
        <source>&amp;Examples</source>
        <translation>&amp;Beispiele</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="151"/>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="210"/>
        <source>Showing %1 while %2 is analysed: nothing here is about the file open.</source>
        <translation>Angezeigt wird %1, während %2 analysiert wird: nichts hier betrifft die geöffnete Datei.</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="220"/>
        <source>Opened %1; the profiler trace %2 was of %3 and was cleared</source>
        <translation>%1 geöffnet; der Profiler-Trace %2 gehörte zu %3 und wurde verworfen</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="301"/>
        <source>Save failed</source>
        <translation>Speichern fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="364"/>
        <source>Trace %1: %2% of its ATen time matched to the operators</source>
        <translation>Trace %1: %2% seiner ATen-Zeit den Operatoren zugeordnet</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="156"/>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="122"/>
        <source>Load a torch.profiler trace</source>
        <translation>Einen torch.profiler-Trace laden</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="123"/>
        <source>Chrome traces (*.json *.pt.trace.json);;All files (*)</source>
        <translation>Chrome-Traces (*.json *.pt.trace.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="126"/>
        <source>Profiler trace</source>
        <translation>Profiler-Trace</translation>
    </message>
    <message>
        <location filename="../app/studio/docklayout.cpp" line="60"/>
        <source>Insights</source>
        <translation>Einsichten</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="160"/>
        <source>Save &amp;Project…</source>
        <translation>&amp;Projekt speichern…</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="162"/>
        <source>&amp;Export</source>
        <translation>E&amp;xportieren</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="167"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="171"/>
        <source>&amp;Analysis</source>
        <translation>&amp;Analyse</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="172"/>
        <source>&amp;Analyse</source>
        <translation>&amp;Analysieren</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="174"/>
        <source>&amp;Cancel</source>
        <translation>Abbre&amp;chen</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="176"/>
        <source>Save hardware as &amp;user profile…</source>
        <translation>Hardware als &amp;Benutzerprofil speichern…</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="177"/>
        <source>&amp;LLM settings…</source>
        <translation>&amp;LLM-Einstellungen…</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="187"/>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <location filename="../app/studio/translations.cpp" line="81"/>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <location filename="../app/studio/translations.cpp" line="84"/>
        <source>System default</source>
        <translation>Systemvorgabe</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="191"/>
        <source>The language changes at the next start of SOLAR Studio</source>
        <translation>Die Sprache ändert sich beim nächsten Start von SOLAR Studio</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="234"/>
        <location filename="../app/studio/mainwindow.cpp" line="252"/>
        <source>Open failed</source>
        <translation>Öffnen fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="214"/>
        <source>Opened %1</source>
        <translation>%1 geöffnet</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="286"/>
        <source>Saved project %1</source>
        <translation>Projekt %1 gespeichert</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="240"/>
        <source>Open model, IR or project</source>
        <translation>Modell, IR oder Projekt öffnen</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="247"/>
        <source>Open a problem folder (definition.json and workload.jsonl)</source>
        <translation>Einen Problemordner öffnen (definition.json und workload.jsonl)</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="260"/>
        <source>%1 holds no definition.json: a problem folder has definition.json and workload.jsonl</source>
        <translation>%1 enthält keine definition.json: Ein Problemordner hat definition.json und workload.jsonl</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="294"/>
        <source>Save project</source>
        <translation>Projekt speichern</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="294"/>
        <source>SOLAR Studio projects (*.solar)</source>
        <translation>SOLAR-Studio-Projekte (*.solar)</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="332"/>
        <source>%1%2 — SOLAR Studio %3</source>
        <translation>%1%2 — SOLAR Studio %3</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="345"/>
        <source>No hardware profile: see Analysis → hardware</source>
        <translation>Kein Hardwareprofil: siehe Analyse → Hardware</translation>
    </message>
</context>
<context>
    <name>MeasuredPlot</name>
    <message>
        <location filename="../render/measuredplot.cpp" line="34"/>
        <source>eager against fused (F3, speed of light)</source>
        <translation>eager gegen fused (F3, Lichtgeschwindigkeit)</translation>
    </message>
    <message>
        <location filename="../render/measuredplot.cpp" line="36"/>
        <source>eager against unfused_per_kernel (F0, eager model)</source>
        <translation>eager gegen unfused_per_kernel (F0, Eager-Modell)</translation>
    </message>
    <message>
        <location filename="../render/measuredplot.cpp" line="37"/>
        <source>torch.compile against fused (F3)</source>
        <translation>torch.compile gegen fused (F3)</translation>
    </message>
    <message>
        <location filename="../render/measuredplot.cpp" line="121"/>
        <source>below the line: measured &lt; bound (a violation)</source>
        <translation>unter der Linie: gemessen &lt; Schranke (eine Verletzung)</translation>
    </message>
    <message>
        <location filename="../render/measuredplot.cpp" line="126"/>
        <source>bound (seconds, at the sizes measured)</source>
        <translation>Schranke (Sekunden, bei den gemessenen Größen)</translation>
    </message>
    <message>
        <location filename="../render/measuredplot.cpp" line="131"/>
        <source>measured (seconds, minimum of the timed runs)</source>
        <translation>gemessen (Sekunden, Minimum der Messläufe)</translation>
    </message>
    <message>
        <location filename="../render/measuredplot.cpp" line="153"/>
        <source>%1: %2 problems, %3 below their bound</source>
        <translation>%1: %2 Probleme, %3 unter ihrer Schranke</translation>
    </message>
</context>
<context>
    <name>OperatorPane</name>
    <message>
        <location filename="../widgets/analysis/operatorpane.cpp" line="58"/>
        <source>Times are each level&apos;s share of the bound; click a header to sort</source>
        <translation>Zeiten sind der Anteil jeder Stufe an der Schranke; zum Sortieren auf eine Spalte klicken</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatorpane.cpp" line="59"/>
        <source>Filter operators (name, module, op, kind, equation)…</source>
        <translation>Operatoren filtern (Name, Modul, Op, Art, Gleichung)…</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatorpane.cpp" line="61"/>
        <source>Export CSV…</source>
        <translation>CSV exportieren…</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatorpane.cpp" line="82"/>
        <source>&lt;b&gt;What-if hardware&lt;/b&gt; (%1): the times are on the changed machine.</source>
        <translation>&lt;b&gt;Was-wäre-wenn-Hardware&lt;/b&gt; (%1): die Zeiten gelten für die geänderte Maschine.</translation>
    </message>
</context>
<context>
    <name>OperatorTableModel</name>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="103"/>
        <source>compute</source>
        <translation>Rechnen</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="103"/>
        <source>memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="125"/>
        <source>%1 — %2%3%4</source>
        <translation>%1 — %2%3%4</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="127"/>
        <source> in %1</source>
        <translation> in %1</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="128"/>
        <source>, source line %1</source>
        <translation>, Quellzeile %1</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="128"/>
        <source>, ALIR line %1</source>
        <translation>, ALIR-Zeile %1</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="130"/>
        <source>Some count of this operator is a lower bound (see the coverage notes).</source>
        <translation>Eine Zählung dieses Operators ist eine untere Schranke (siehe Abdeckungshinweise).</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="143"/>
        <source>Operator</source>
        <translation>Operator</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="144"/>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="145"/>
        <source>Equation</source>
        <translation>Gleichung</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="146"/>
        <source>Shape</source>
        <translation>Form</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="147"/>
        <source>Op</source>
        <translation>Op</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="148"/>
        <source>Module</source>
        <translation>Modul</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="149"/>
        <source>Line</source>
        <translation>Zeile</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="150"/>
        <source>FLOPs</source>
        <translation>FLOPs</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="151"/>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="152"/>
        <source>FLOP/B</source>
        <translation>FLOP/B</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="153"/>
        <source>F0 unfused/kernel</source>
        <translation>F0 ungefusioniert/Kernel</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="154"/>
        <source>F1 overlapped</source>
        <translation>F1 überlappt</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="155"/>
        <source>F2 fused/op</source>
        <translation>F2 fusioniert/Op</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="156"/>
        <source>F3 fused</source>
        <translation>F3 fusioniert</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="157"/>
        <source>F4 cache-aware</source>
        <translation>F4 cache-bewusst</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="158"/>
        <source>Bottleneck</source>
        <translation>Engpass</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="159"/>
        <source>Share of %1</source>
        <translation>Anteil an %1</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="160"/>
        <source>Measured</source>
        <translation>Gemessen</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="161"/>
        <source>% of SOL</source>
        <translation>% von SOL</translation>
    </message>
</context>
<context>
    <name>ParallelPane</name>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="37"/>
        <source>Split the program over this many devices of the profile (tensor parallel, derived from the program)</source>
        <translation>Das Programm auf so viele Geräte des Profils aufteilen (Tensor-Parallelität, aus dem Programm abgeleitet)</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="38"/>
        <source>Devices</source>
        <translation>Geräte</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="43"/>
        <source>Cut the program&apos;s statements into this many pipeline stages, each over the devices above</source>
        <translation>Die Anweisungen des Programms in so viele Pipeline-Stufen schneiden, jede über die Geräte oben</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="44"/>
        <source>Pipeline stages</source>
        <translation>Pipeline-Stufen</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="45"/>
        <source>The micro-batches a step runs as through the pipeline (its fill and drain)</source>
        <translation>Die Micro-Batches, in denen ein Schritt durch die Pipeline läuft (ihr Füllen und Leeren)</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="46"/>
        <source>Micro-batches</source>
        <translation>Micro-Batches</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="47"/>
        <source>Data-parallel replicas: the inputs cut along their first dimension, sums over it all-reduced</source>
        <translation>Datenparallele Replikate: die Eingaben entlang ihrer ersten Dimension geschnitten, Summen darüber per All-Reduce</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="48"/>
        <source>Data-parallel replicas</source>
        <translation>Datenparallele Replikate</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="49"/>
        <source>Expert parallelism: a mixture of experts&apos; matrices over this many devices, which also cut the tokens; tokens reach their experts all-to-all</source>
        <translation>Expertenparallelität: die Matrizen einer Mixture of Experts auf so viele Geräte verteilt, die auch die Tokens aufteilen; Tokens erreichen ihre Experten per All-to-All</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="51"/>
        <source>Expert-parallel devices</source>
        <translation>Expertenparallele Geräte</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="61"/>
        <source>Devices (tensor parallel):</source>
        <translation>Geräte (Tensor-Parallelität):</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="62"/>
        <source>Pipeline stages:</source>
        <translation>Pipeline-Stufen:</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="63"/>
        <source>Micro-batches:</source>
        <translation>Micro-Batches:</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="64"/>
        <source>Data-parallel replicas:</source>
        <translation>Datenparallele Replikate:</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="65"/>
        <source>Expert-parallel devices:</source>
        <translation>Expertenparallele Geräte:</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="184"/>
        <source>One device: set two or more to split the program over them.</source>
        <translation>Ein Gerät: zwei oder mehr einstellen, um das Programm aufzuteilen.</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="184"/>
        <source>No analysis yet.</source>
        <translation>Noch keine Analyse.</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="188"/>
        <source>Splitting over %1 devices…</source>
        <translation>Aufteilen auf %1 Geräte…</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="285"/>
        <source>Level</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="285"/>
        <source>Per device</source>
        <translation>Pro Gerät</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="285"/>
        <source>Communication</source>
        <translation>Kommunikation</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="285"/>
        <source>Overlapped (bound)</source>
        <translation>Überlappt (Schranke)</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="286"/>
        <source>Serialised</source>
        <translation>Nacheinander</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="286"/>
        <source>Comm. share</source>
        <translation>Anteil Komm.</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="299"/>
        <source> (links bind)</source>
        <translation> (Verbindungen begrenzen)</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="215"/>
        <source>%1 statements split, %2 run whole on every device; %3 collectives; each device holds %4 of %5%6; split %7</source>
        <translation>%1 Anweisungen aufgeteilt, %2 laufen ganz auf jedem Gerät; %3 kollektive Operationen; jedes Gerät hält %4 von %5%6; Aufteilung %7</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="220"/>
        <location filename="../widgets/parallel/parallelpane.cpp" line="274"/>
        <source> (does not fit)</source>
        <translation> (passt nicht)</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="221"/>
        <source>validated</source>
        <translation>validiert</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="221"/>
        <source>NOT validated: the recombined outputs differ</source>
        <translation>NICHT validiert: die zusammengesetzten Ausgaben weichen ab</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="222"/>
        <source>not validated (see the notes)</source>
        <translation>nicht validiert (siehe Hinweise)</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="235"/>
        <source>Splitting over %1 devices (%2)…</source>
        <translation>Aufteilen auf %1 Geräte (%2)…</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="252"/>
        <source>Splitting (%1): %2…</source>
        <translation>Aufteilen (%1): %2…</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="269"/>
        <source>%1 devices (%2): %3 stages; a device holds %4 of %5%6; %7</source>
        <translation>%1 Geräte (%2): %3 Stufen; ein Gerät hält %4 von %5%6; %7</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="276"/>
        <source>the splits that could run were validated (see the notes)</source>
        <translation>die ausführbaren Aufteilungen wurden validiert (siehe Hinweise)</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="277"/>
        <source>not validated: no cut, stage or split could run (see the notes)</source>
        <translation>nicht validiert: kein Schnitt, keine Stufe und keine Aufteilung konnte laufen (siehe Hinweise)</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="275"/>
        <source>NOT validated: a split&apos;s recombined outputs differ</source>
        <translation>NICHT validiert: die zusammengesetzten Ausgaben einer Aufteilung weichen ab</translation>
    </message>
</context>
<context>
    <name>Project</name>
    <message>
        <location filename="../app/studio/projectfile.cpp" line="64"/>
        <source>not valid JSON at byte %1: %2</source>
        <translation>kein gültiges JSON bei Byte %1: %2</translation>
    </message>
    <message>
        <location filename="../app/studio/projectfile.cpp" line="67"/>
        <source>not a SOLAR Studio project (schema solar.project/1)</source>
        <translation>kein SOLAR-Studio-Projekt (Schema solar.project/1)</translation>
    </message>
    <message>
        <location filename="../app/studio/projectfile.cpp" line="70"/>
        <source>&apos;source.text&apos; is missing</source>
        <translation>„source.text“ fehlt</translation>
    </message>
    <message>
        <location filename="../app/studio/projectfile.cpp" line="79"/>
        <source>&apos;mode&apos; must be eager, graph or none</source>
        <translation>&apos;mode&apos; muss eager, graph oder none sein</translation>
    </message>
    <message>
        <location filename="../app/studio/projectfile.cpp" line="87"/>
        <source>&apos;frontend_options.%1&apos; is no frontend&apos;s option</source>
        <translation>„frontend_options.%1“ ist keine Option eines Frontends</translation>
    </message>
    <message>
        <location filename="../app/studio/projectfile.cpp" line="89"/>
        <source>&apos;frontend_options.%1&apos; must be a string</source>
        <translation>„frontend_options.%1“ muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <location filename="../app/studio/projectfile.cpp" line="99"/>
        <source>&apos;workload&apos; must be a workload&apos;s uuid (a string)</source>
        <translation>&apos;workload&apos; muss die UUID eines Workloads sein (eine Zeichenkette)</translation>
    </message>
    <message>
        <location filename="../app/studio/projectfile.cpp" line="106"/>
        <source>&apos;serving.phase&apos; must be prefill or decode</source>
        <translation>&apos;serving.phase&apos; muss prefill oder decode sein</translation>
    </message>
    <message>
        <location filename="../app/studio/projectfile.cpp" line="113"/>
        <source>&apos;serving.%1&apos; must be a positive whole number</source>
        <translation>&apos;serving.%1&apos; muss eine positive ganze Zahl sein</translation>
    </message>
    <message>
        <location filename="../app/studio/projectfile.cpp" line="122"/>
        <source>&apos;hardware.factors.%1&apos; must be a positive number</source>
        <translation>„hardware.factors.%1“ muss eine positive Zahl sein</translation>
    </message>
    <message>
        <location filename="../app/studio/projectfile.cpp" line="146"/>
        <source>&apos;devices.%1&apos; must be a whole number from 1 to 1048576</source>
        <translation>&apos;devices.%1&apos; muss eine ganze Zahl von 1 bis 1048576 sein</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../app/studio/main.cpp" line="64"/>
        <source>Open failed</source>
        <translation>Öffnen fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="86"/>
        <location filename="../render/pdfreport.cpp" line="117"/>
        <source>Quantity</source>
        <translation>Größe</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="86"/>
        <source>Used (what-if)</source>
        <translation>Verwendet (Was-wäre-wenn)</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="86"/>
        <source>Stock profile</source>
        <translation>Serienprofil</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="86"/>
        <source>Factor</source>
        <translation>Faktor</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="98"/>
        <source>in %1</source>
        <translation>in %1</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="117"/>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="117"/>
        <location filename="../render/pdfreport.cpp" line="256"/>
        <location filename="../render/pdfreport.cpp" line="388"/>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="118"/>
        <source>clock</source>
        <translation>Takt</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="121"/>
        <source> (dense)</source>
        <translation> (dicht)</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="123"/>
        <source>DRAM bandwidth</source>
        <translation>DRAM-Bandbreite</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="124"/>
        <source>DRAM capacity</source>
        <translation>DRAM-Kapazität</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="125"/>
        <source>L2</source>
        <translation>L2</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="126"/>
        <source>on-chip total</source>
        <translation>On-Chip gesamt</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="141"/>
        <source>&lt;h3&gt;%1: what-if values used&lt;/h3&gt;&lt;p&gt;The bounds for %1 were computed with these values, not the stock ones listed after them.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;%1: verwendete Was-wäre-wenn-Werte&lt;/h3&gt;&lt;p&gt;Die Schranken für %1 wurden mit diesen Werten berechnet, nicht mit den danach aufgeführten Serienwerten.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="151"/>
        <source>Level</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="151"/>
        <source>Bound</source>
        <translation>Schranke</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="151"/>
        <source>Bottleneck</source>
        <translation>Engpass</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="151"/>
        <source>Compute</source>
        <translation>Rechnen</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="152"/>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="152"/>
        <source>DRAM bytes</source>
        <translation>DRAM-Bytes</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="152"/>
        <source>FLOP/byte</source>
        <translation>FLOP/Byte</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="154"/>
        <source>Headroom</source>
        <translation>Spielraum</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="171"/>
        <source> — what-if values</source>
        <translation> — Was-wäre-wenn-Werte</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="187"/>
        <location filename="../render/pdfreport.cpp" line="480"/>
        <source>nothing to report</source>
        <translation>nichts zu berichten</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="192"/>
        <source>&lt;h1&gt;SOLAR Studio report&lt;/h1&gt;&lt;p&gt;&lt;b&gt;Program:&lt;/b&gt; %1 (%2)&lt;br&gt;&lt;b&gt;Date:&lt;/b&gt; %3&lt;br&gt;&lt;b&gt;Tool:&lt;/b&gt; SOLAR Studio %4&lt;br&gt;&lt;b&gt;Frontend:&lt;/b&gt; %5&lt;br&gt;&lt;b&gt;Validation:&lt;/b&gt; %6 — %7&lt;/p&gt;</source>
        <translation>&lt;h1&gt;SOLAR-Studio-Bericht&lt;/h1&gt;&lt;p&gt;&lt;b&gt;Programm:&lt;/b&gt; %1 (%2)&lt;br&gt;&lt;b&gt;Datum:&lt;/b&gt; %3&lt;br&gt;&lt;b&gt;Werkzeug:&lt;/b&gt; SOLAR Studio %4&lt;br&gt;&lt;b&gt;Frontend:&lt;/b&gt; %5&lt;br&gt;&lt;b&gt;Validierung:&lt;/b&gt; %6 — %7&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="205"/>
        <source>%1 %2 (stock %3)</source>
        <translation>%1 %2 (Serie %3)</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="207"/>
        <source>&lt;p style=&quot;color:{caution}&quot;&gt;&lt;b&gt;What-if hardware:&lt;/b&gt; the bounds for %1 use values that differ from its stock profile: %2. Both are listed under Hardware.&lt;/p&gt;</source>
        <translation>&lt;p style=&quot;color:{caution}&quot;&gt;&lt;b&gt;Was-wäre-wenn-Hardware:&lt;/b&gt; die Schranken für %1 verwenden Werte, die vom Serienprofil abweichen: %2. Beide stehen unter Hardware.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="211"/>
        <source>&lt;p&gt;&lt;b&gt;Work:&lt;/b&gt; %1 multiply-accumulates, %2 in total, %3 elementwise operations (1 MAC = 2 FLOP).&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Arbeit:&lt;/b&gt; %1 Multiply-Accumulates, insgesamt %2, %3 elementweise Operationen (1 MAC = 2 FLOP).&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="215"/>
        <source>&lt;p&gt;&lt;b&gt;Least contraction order.&lt;/b&gt; %1&lt;/p&gt;&lt;ul&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Günstigste Kontraktionsreihenfolge.&lt;/b&gt; %1&lt;/p&gt;&lt;ul&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="221"/>
        <source>&lt;h2&gt;Bound ladder&lt;/h2&gt;&lt;p&gt;Each level is a lower bound on the runtime; a measured time below one is a SOL violation.%1&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Schrankenleiter&lt;/h2&gt;&lt;p&gt;Jede Stufe ist eine untere Schranke der Laufzeit; eine gemessene Zeit darunter ist eine SOL-Verletzung.%1&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="223"/>
        <source> Measured: %1; headroom = measured / bound.</source>
        <translation> Gemessen: %1; Spielraum = gemessen / Schranke.</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="230"/>
        <source>&lt;p&gt;&lt;b&gt;SOL violation&lt;/b&gt; at %1: the measured time is below the bound.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;SOL-Verletzung&lt;/b&gt; bei %1: die gemessene Zeit liegt unter der Schranke.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="238"/>
        <source>Profile</source>
        <translation>Profil</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="238"/>
        <source>fused bound</source>
        <translation>fusionierte Schranke</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="238"/>
        <source>speedup</source>
        <translation>Beschleunigung</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="238"/>
        <source>bottleneck</source>
        <translation>Engpass</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="243"/>
        <source>&lt;h2&gt;Cross-hardware comparison&lt;/h2&gt;&lt;p&gt;Baseline: %1.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Hardwarevergleich&lt;/h2&gt;&lt;p&gt;Basis: %1.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="245"/>
        <source>&lt;p&gt;Where the bottleneck moves:&lt;/p&gt;&lt;ul&gt;</source>
        <translation>&lt;p&gt;Wohin sich der Engpass verschiebt:&lt;/p&gt;&lt;ul&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="256"/>
        <location filename="../render/pdfreport.cpp" line="388"/>
        <source>Operator</source>
        <translation>Operator</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="256"/>
        <location filename="../render/pdfreport.cpp" line="291"/>
        <location filename="../render/pdfreport.cpp" line="388"/>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="256"/>
        <location filename="../render/pdfreport.cpp" line="389"/>
        <source>FLOPs</source>
        <translation>FLOPs</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="256"/>
        <location filename="../render/pdfreport.cpp" line="389"/>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="257"/>
        <source>F0 time</source>
        <translation>F0-Zeit</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="257"/>
        <source>Share (fused)</source>
        <translation>Anteil (fusioniert)</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="257"/>
        <source>Bound by</source>
        <translation>Begrenzt durch</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="272"/>
        <source>&lt;h2&gt;Optimisation opportunities&lt;/h2&gt;&lt;p&gt;Taken from %1 (%2) down to the speed of light %3: %4 recoverable in all; the kinds are disjoint segments of the bound ladder and alternatives count once, so the savings add up.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Optimierungsmöglichkeiten&lt;/h2&gt;&lt;p&gt;Von %1 (%2) bis zur Speed of Light %3: insgesamt %4 einsparbar; die Arten sind disjunkte Abschnitte der Schrankenleiter und Alternativen zählen einmal, daher addieren sich die Ersparnisse.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="276"/>
        <source>measured: %1</source>
        <translation>gemessen: %1</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="277"/>
        <source>the eager model; no measurement</source>
        <translation>das Eager-Modell; keine Messung</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="279"/>
        <source>&lt;p&gt;The total is at most %1: the reference down to the lowest speed of light, %2 (fused%3).&lt;/p&gt;</source>
        <translation>&lt;p&gt;Die Summe ist höchstens %1: die Referenz bis hinab zur niedrigsten Lichtgeschwindigkeit, %2 (fusioniert%3).&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="282"/>
        <source>, with the fastest precision alternative listed</source>
        <translation>, mit der schnellsten aufgeführten Präzisionsalternative</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="285"/>
        <source>&lt;p&gt;Profiler trace %1: %2 of ATen time matched to the operators, %3 not.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Profiler-Trace %1: %2 ATen-Zeit den Operatoren zugeordnet, %3 nicht.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="289"/>
        <source>&lt;p&gt;No opportunity above 0.5 % of the reference.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Keine Möglichkeit über 0,5 % der Referenz.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="291"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="291"/>
        <source>Saved</source>
        <translation>Ersparnis</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="291"/>
        <source>Lines</source>
        <translation>Zeilen</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="292"/>
        <source>Opportunity and evidence</source>
        <translation>Möglichkeit und Begründung</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="330"/>
        <source>&lt;b&gt;approximate&lt;/b&gt; — every operation is counted, some as lower bounds (below)</source>
        <translation>&lt;b&gt;angenähert&lt;/b&gt; — jede Operation ist gezählt, manche als untere Schranke (siehe unten)</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="336"/>
        <source> (ALIR line %1): </source>
        <translation> (ALIR-Zeile %1): </translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="446"/>
        <source>Einsum graph (%1 operators)</source>
        <translation>Einsum-Graph (%1 Operatoren)</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="453"/>
        <source>%1, page %2 of %3 (row %4, column %5)</source>
        <translation>%1, Seite %2 von %3 (Zeile %4, Spalte %5)</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="468"/>
        <source>%1: overview; every operator is listed under All operators</source>
        <translation>%1: Übersicht; jeder Operator steht unter „Alle Operatoren“</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="100"/>
        <source> line %1</source>
        <translation> Zeile %1</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="263"/>
        <source>compute</source>
        <translation>Rechnen</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="263"/>
        <source>memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="266"/>
        <source>&lt;h2&gt;Top operators&lt;/h2&gt;&lt;p&gt;%1 operators; the 15 with the largest share of the fused bound.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Wichtigste Operatoren&lt;/h2&gt;&lt;p&gt;%1 Operatoren; die 15 mit dem größten Anteil an der fusionierten Schranke.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="311"/>
        <source>&lt;h2&gt;Inverse roofline&lt;/h2&gt;&lt;p&gt;Target %1 at the fused level (now %2) on %3:&lt;/p&gt;&lt;ul&gt;</source>
        <translation>&lt;h2&gt;Inverse Roofline&lt;/h2&gt;&lt;p&gt;Ziel %1 auf der fusionierten Stufe (jetzt %2) auf %3:&lt;/p&gt;&lt;ul&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="314"/>
        <source>DRAM bandwidth needed at today&apos;s compute: %1</source>
        <translation>Nötige DRAM-Bandbreite bei heutiger Rechenleistung: %1</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="315"/>
        <source>no bandwidth reaches it: %1</source>
        <translation>keine Bandbreite erreicht es: %1</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="318"/>
        <source>compute needed at today&apos;s bandwidth: ×%1 on every peak</source>
        <translation>nötige Rechenleistung bei heutiger Bandbreite: ×%1 auf jeden Spitzenwert</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="319"/>
        <source>no compute reaches it: %1</source>
        <translation>keine Rechenleistung erreicht es: %1</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="321"/>
        <source>necessary whatever the rest: %1 and ×%2 compute</source>
        <translation>unabhängig vom Rest nötig: %1 und ×%2 Rechenleistung</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="327"/>
        <source>&lt;h2&gt;Coverage and assumptions&lt;/h2&gt;&lt;p&gt;Coverage: %1.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Abdeckung und Annahmen&lt;/h2&gt;&lt;p&gt;Abdeckung: %1.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="331"/>
        <source>complete — every operation is counted</source>
        <translation>vollständig — jede Operation ist gezählt</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="328"/>
        <source>&lt;b&gt;INCOMPLETE&lt;/b&gt; — see below</source>
        <translation>&lt;b&gt;UNVOLLSTÄNDIG&lt;/b&gt; — siehe unten</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="335"/>
        <source>approximated (a lower bound): </source>
        <translation>angenähert (eine untere Schranke): </translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="335"/>
        <source>&lt;b&gt;not counted&lt;/b&gt;: </source>
        <translation>&lt;b&gt;nicht gezählt&lt;/b&gt;: </translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="336"/>
        <source> (line %1): </source>
        <translation> (Zeile %1): </translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="341"/>
        <source>Not covered by any bound: </source>
        <translation>Von keiner Schranke abgedeckt: </translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="342"/>
        <source>&lt;ul&gt;&lt;li&gt;Precision policy: %1&lt;/li&gt;&lt;li&gt;Cache assumption: %2&lt;/li&gt;&lt;li&gt;On-chip capacity: %3 (%4)&lt;/li&gt;&lt;li&gt;Peaks are dense (never 2:4 sparse); each number&apos;s source is listed under Hardware.&lt;/li&gt;%5&lt;/ul&gt;</source>
        <translation>&lt;ul&gt;&lt;li&gt;Präzisionsregel: %1&lt;/li&gt;&lt;li&gt;Cache-Annahme: %2&lt;/li&gt;&lt;li&gt;On-Chip-Kapazität: %3 (%4)&lt;/li&gt;&lt;li&gt;Spitzenwerte sind dicht (nie 2:4-dünn); die Quelle jeder Zahl steht unter Hardware.&lt;/li&gt;%5&lt;/ul&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="348"/>
        <source>&lt;h2&gt;Hardware&lt;/h2&gt;</source>
        <translation>&lt;h2&gt;Hardware&lt;/h2&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="356"/>
        <source>cannot paint the report</source>
        <translation>Bericht kann nicht gezeichnet werden</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="388"/>
        <source>Equation</source>
        <translation>Gleichung</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="395"/>
        <source>&lt;h2&gt;All operators&lt;/h2&gt;&lt;p&gt;The einsum graph&apos;s drawing would take %1 pages at a readable size; the report shows it as a one-page overview (boxes and edges, no labels) and lists every one of its %2 operators here.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Alle Operatoren&lt;/h2&gt;&lt;p&gt;Die Zeichnung des Einsum-Graphen bräuchte in lesbarer Größe %1 Seiten; der Bericht zeigt ihn als einseitige Übersicht (Kästen und Kanten, ohne Beschriftung) und listet hier jeden seiner %2 Operatoren auf.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="416"/>
        <source>SOLAR Studio report — %1 — Page %2 of %3</source>
        <translation>SOLAR-Studio-Bericht — %1 — Seite %2 von %3</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="430"/>
        <source>Roofline (per-kernel level, %1)</source>
        <translation>Roofline (Kernel-Stufe, %1)</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="488"/>
        <source>SOLAR Studio report: %1</source>
        <translation>SOLAR-Studio-Bericht: %1</translation>
    </message>
</context>
<context>
    <name>ResultsModel</name>
    <message>
        <location filename="../widgets/results/resultsmodel.cpp" line="17"/>
        <source>The profiler trace %1 was cleared: %2</source>
        <translation>Der Profiler-Trace %1 wurde verworfen: %2</translation>
    </message>
    <message>
        <location filename="../widgets/results/resultsmodel.cpp" line="102"/>
        <source>%1: %2. Select the profile it was measured on.</source>
        <translation>%1: %2. Wählen Sie das Profil, auf dem er gemessen wurde.</translation>
    </message>
</context>
<context>
    <name>RooflineChart</name>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="379"/>
        <source>Roofline (no analysis)</source>
        <translation>Roofline (keine Analyse)</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="386"/>
        <source>Roofline (nothing to plot)</source>
        <translation>Roofline (nichts darzustellen)</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="338"/>
        <source>DRAM %1</source>
        <translation>DRAM %1</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="34"/>
        <source>Wheel: zoom; drag: zoom to a rectangle; right or middle drag (or Shift+drag): pan; double-click or Home: reset</source>
        <translation>Mausrad: zoomen; ziehen: auf ein Rechteck zoomen; rechts oder mittig ziehen (oder Umschalt+ziehen): verschieben; Doppelklick oder Pos1: zurücksetzen</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="397"/>
        <source>Hover over a point for its numbers; click to select it.</source>
        <translation>Für Zahlen über einen Punkt fahren; zum Auswählen klicken.</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="305"/>
        <source>&lt;b&gt;The program at %1&lt;/b&gt;: %2, %3, %4 FLOP/B; bound %5 by %6</source>
        <translation>&lt;b&gt;Das Programm bei %1&lt;/b&gt;: %2, %3, %4 FLOP/B; Schranke %5 durch %6</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="339"/>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="342"/>
        <source> in %1</source>
        <translation> in %1</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="343"/>
        <source>, line %1</source>
        <translation>, Zeile %1</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="343"/>
        <source>, ALIR line %1</source>
        <translation>, ALIR-Zeile %1</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="344"/>
        <source>&lt;b&gt;%1&lt;/b&gt; (%2)&lt;br&gt;%3&lt;br&gt;%4, %5 of DRAM traffic at %6, %7 FLOP/B</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (%2)&lt;br&gt;%3&lt;br&gt;%4, %5 DRAM-Verkehr bei %6, %7 FLOP/B</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="349"/>
        <source>&lt;br&gt;Standing alone: %1 at %2, on its %3 roof</source>
        <translation>&lt;br&gt;Allein: %1 bei %2, auf seinem %3-Dach</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="352"/>
        <source>&lt;br&gt;Standing alone: %1 at %2, under its %3 roof (its kinds of work cannot keep every unit busy at once)</source>
        <translation>&lt;br&gt;Allein: %1 bei %2, unter seinem %3-Dach (seine Arten von Arbeit können nicht alle Einheiten zugleich auslasten)</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="358"/>
        <source>above its own bound: at %1 the program&apos;s time is split by the resource that binds the whole program, so an operator heavy in that resource carries more than its own bound</source>
        <translation>über der eigenen Schranke: bei %1 wird die Programmzeit nach der Ressource aufgeteilt, die das ganze Programm bindet; ein Operator mit viel davon trägt mehr als seine eigene Schranke</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="362"/>
        <source>below its own bound: at %1 its work overlaps with other operators&apos; (its kernel&apos;s compute and memory, or the whole program&apos;s, run concurrently)</source>
        <translation>unter der eigenen Schranke: bei %1 überlappt seine Arbeit mit der anderer Operatoren (Rechnen und Speicher seines Kernels oder des ganzen Programms laufen gleichzeitig)</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="365"/>
        <source>&lt;br&gt;Its share of the %1 time: %2 (%3%)</source>
        <translation>&lt;br&gt;Sein Anteil an der %1-Zeit: %2 (%3 %)</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="369"/>
        <source>&lt;br&gt;Measured (trace): %1 at %2, %3% of its rate standing alone</source>
        <translation>&lt;br&gt;Gemessen (Trace): %1 bei %2, %3% seiner Rate für sich allein</translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/roofline/rooflinechart.cpp" line="387"/>
        <source>Roofline at %1 %2 on %3 — %n operator(s)</source>
        <translation>
            <numerusform>Roofline bei %1 %2 auf %3 — %n Operator</numerusform>
            <numerusform>Roofline bei %1 %2 auf %3 — %n Operatoren</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="405"/>
        <source>it does no arithmetic (a log axis has no 0)</source>
        <translation>es rechnet nicht (eine logarithmische Achse hat keine 0)</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="406"/>
        <source>it moves no DRAM bytes at this level (its operands stay on chip)</source>
        <translation>es bewegt auf dieser Stufe keine DRAM-Bytes (seine Operanden bleiben auf dem Chip)</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="407"/>
        <source>&lt;b&gt;%1&lt;/b&gt; is not drawn at %2: %3.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; ist bei %2 nicht eingezeichnet: %3.</translation>
    </message>
</context>
<context>
    <name>RooflinePainter</name>
    <message>
        <location filename="../render/rooflinepainter.cpp" line="101"/>
        <source>DRAM %1</source>
        <translation>DRAM %1</translation>
    </message>
    <message>
        <location filename="../render/rooflinepainter.cpp" line="125"/>
        <source>Nothing to plot: no operator has both arithmetic and bytes</source>
        <translation>Nichts zu zeichnen: kein Operator hat sowohl Arithmetik als auch Bytes</translation>
    </message>
    <message>
        <location filename="../render/rooflinepainter.cpp" line="155"/>
        <source>arithmetic intensity (FLOP/byte)</source>
        <translation>arithmetische Intensität (FLOP/Byte)</translation>
    </message>
    <message>
        <location filename="../render/rooflinepainter.cpp" line="161"/>
        <source>attainable performance (FLOP/s)</source>
        <translation>erreichbare Leistung (FLOP/s)</translation>
    </message>
    <message>
        <location filename="../render/rooflinepainter.cpp" line="164"/>
        <source>FLOP/s</source>
        <translation>FLOP/s</translation>
    </message>
    <message>
        <location filename="../render/rooflinepainter.cpp" line="308"/>
        <source>memory-bound operator</source>
        <translation>speichergebundener Operator</translation>
    </message>
    <message>
        <location filename="../render/rooflinepainter.cpp" line="309"/>
        <source>compute-bound operator</source>
        <translation>rechengebundener Operator</translation>
    </message>
    <message>
        <location filename="../render/rooflinepainter.cpp" line="311"/>
        <location filename="../render/rooflinepainter.cpp" line="317"/>
        <source>measured (trace)</source>
        <translation>gemessen (Trace)</translation>
    </message>
    <message>
        <location filename="../render/rooflinepainter.cpp" line="322"/>
        <source>the program at this level</source>
        <translation>das Programm auf dieser Stufe</translation>
    </message>
    <message>
        <location filename="../render/rooflinepainter.cpp" line="330"/>
        <source>operators standing alone, each on or under the roof that bounds it</source>
        <translation>Operatoren allein, jeder auf oder unter dem Dach, das ihn begrenzt</translation>
    </message>
    <message>
        <location filename="../render/rooflinepainter.cpp" line="331"/>
        <source>size: share of the time</source>
        <translation>Größe: Anteil an der Zeit</translation>
    </message>
    <message>
        <location filename="../render/rooflinepainter.cpp" line="333"/>
        <source>dashed: overlaid profiles</source>
        <translation>gestrichelt: überlagerte Profile</translation>
    </message>
    <message>
        <location filename="../render/rooflinepainter.cpp" line="335"/>
        <source>thin dashed: measured on this device (achievable, not a bound)</source>
        <translation>dünn gestrichelt: auf diesem Gerät gemessen (erreichbar, keine Schranke)</translation>
    </message>
    <message>
        <location filename="../render/rooflinepainter.cpp" line="337"/>
        <source>dash-dot: units working at once (peaks summed)</source>
        <translation>strichpunktiert: Einheiten gleichzeitig (Spitzenwerte addiert)</translation>
    </message>
    <message numerus="yes">
        <location filename="../render/rooflinepainter.cpp" line="339"/>
        <source>%n operator(s) without arithmetic not shown</source>
        <translation>
            <numerusform>%n Operator ohne Arithmetik nicht gezeigt</numerusform>
            <numerusform>%n Operatoren ohne Arithmetik nicht gezeigt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../render/rooflinepainter.cpp" line="341"/>
        <source>%n operator(s) with no DRAM bytes at this level (operands on chip) not shown</source>
        <translation>
            <numerusform>%n Operator ohne DRAM-Bytes auf dieser Stufe (Operanden auf dem Chip) nicht gezeigt</numerusform>
            <numerusform>%n Operatoren ohne DRAM-Bytes auf dieser Stufe (Operanden auf dem Chip) nicht gezeigt</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RooflinePane</name>
    <message>
        <location filename="../widgets/roofline/rooflinepane.cpp" line="33"/>
        <source>F0: every operator its own kernel, one after another; each moves all it reads and writes through DRAM</source>
        <translation>F0: jeder Operator ein eigener Kernel, nacheinander; jeder bewegt alles, was er liest und schreibt, über den DRAM</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinepane.cpp" line="34"/>
        <source>F1: unfused bytes, but compute and memory of all kernels overlap perfectly</source>
        <translation>F1: ungefusionierte Bytes, aber Rechnen und Speicher aller Kernels überlappen vollständig</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinepane.cpp" line="35"/>
        <source>F2: intermediates stay on chip; kernels still run one after another</source>
        <translation>F2: Zwischenergebnisse bleiben auf dem Chip; Kernels laufen weiter nacheinander</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinepane.cpp" line="36"/>
        <source>F3, the speed of light: only compulsory DRAM bytes, everything overlapped</source>
        <translation>F3, die Lichtgeschwindigkeit: nur unvermeidliche DRAM-Bytes, alles überlappt</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinepane.cpp" line="38"/>
        <source>F4: F3 plus the traffic a finite on-chip capacity provably forces, and the L2 -&gt; SM floor</source>
        <translation>F4: F3 plus der Verkehr, den eine endliche On-Chip-Kapazität nachweislich erzwingt, und die L2-→-SM-Untergrenze</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinepane.cpp" line="60"/>
        <source>The bound level the chart shows: operators at its notion of DRAM bytes, the diamond is the whole program</source>
        <translation>Die Stufe, die das Diagramm zeigt: Operatoren mit ihren DRAM-Bytes auf dieser Stufe, die Raute ist das ganze Programm</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinepane.cpp" line="61"/>
        <location filename="../widgets/roofline/rooflinepane.cpp" line="142"/>
        <source>Overlay profiles</source>
        <translation>Profile überlagern</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinepane.cpp" line="62"/>
        <source>Draw the roofs of other hardware profiles (dashed) over this one&apos;s</source>
        <translation>Die Dächer anderer Hardwareprofile (gestrichelt) über dieses legen</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinepane.cpp" line="65"/>
        <source>Reset zoom</source>
        <translation>Zoom zurücksetzen</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinepane.cpp" line="66"/>
        <source>Show the whole chart again (also: double-click the chart, or Home)</source>
        <translation>Das ganze Diagramm wieder zeigen (auch: Doppelklick ins Diagramm oder Pos1)</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinepane.cpp" line="69"/>
        <source>Level:</source>
        <translation>Stufe:</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinepane.cpp" line="129"/>
        <source>Clear overlays</source>
        <translation>Überlagerungen entfernen</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinepane.cpp" line="142"/>
        <source>Overlays (%1)</source>
        <translation>Überlagerungen (%1)</translation>
    </message>
</context>
<context>
    <name>SecondsEdit</name>
    <message>
        <location filename="../widgets/common/secondsedit.cpp" line="13"/>
        <source>A time with its unit: s, ms, µs (or us), ns; a bare number is in milliseconds. Empty: none.</source>
        <translation>Eine Zeit mit Einheit: s, ms, µs (oder us), ns; eine bloße Zahl ist in Millisekunden. Leer: keine.</translation>
    </message>
    <message>
        <location filename="../widgets/common/secondsedit.cpp" line="63"/>
        <source>&apos;%1&apos; is not a time. %2</source>
        <translation>„%1“ ist keine Zeit. %2</translation>
    </message>
</context>
<context>
    <name>SelectionSync</name>
    <message>
        <location filename="../app/studio/selectionsync.cpp" line="83"/>
        <source>Operators from line %1</source>
        <translation>Operatoren aus Zeile %1</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/studio/selectionsync.cpp" line="112"/>
        <source>Line %1 produced %n operator(s): %2</source>
        <translation>
            <numerusform>Zeile %1 erzeugte %n Operator: %2</numerusform>
            <numerusform>Zeile %1 erzeugte %n Operatoren: %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SourceEditor</name>
    <message>
        <location filename="../widgets/editor/sourceeditor.cpp" line="139"/>
        <source>col %1: </source>
        <translation>Spalte %1: </translation>
    </message>
    <message>
        <location filename="../widgets/editor/sourceeditor.cpp" line="140"/>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <location filename="../widgets/editor/sourceeditor.cpp" line="141"/>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <location filename="../widgets/editor/sourceeditor.cpp" line="142"/>
        <source>note</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <location filename="../widgets/editor/sourceeditor.cpp" line="214"/>
        <source>lower bound: </source>
        <translation>untere Schranke: </translation>
    </message>
    <message>
        <location filename="../widgets/editor/sourceeditor.cpp" line="214"/>
        <source>not counted: </source>
        <translation>nicht gezählt: </translation>
    </message>
</context>
<context>
    <name>StaleBanner</name>
    <message>
        <location filename="../widgets/common/stalebanner.cpp" line="23"/>
        <source>These results are stale: the source changed since they were computed (Ctrl+R analyses again).</source>
        <translation>Diese Ergebnisse sind veraltet: die Quelle hat sich seit ihrer Berechnung geändert (Strg+R analysiert erneut).</translation>
    </message>
</context>
<context>
    <name>SummaryPane</name>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="42"/>
        <source>not measured (e.g. 1.25 ms)</source>
        <translation>nicht gemessen (z. B. 1,25 ms)</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="43"/>
        <source>Import timings…</source>
        <translation>Zeitmessungen importieren…</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="54"/>
        <source>Level</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="54"/>
        <source>Bound</source>
        <translation>Schranke</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="54"/>
        <source>Bottleneck</source>
        <translation>Engpass</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="54"/>
        <source>Compute</source>
        <translation>Rechnen</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="54"/>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="54"/>
        <source>FLOP/B</source>
        <translation>FLOP/B</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="54"/>
        <source>Headroom</source>
        <translation>Spielraum</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="54"/>
        <source>DRAM</source>
        <translation>DRAM</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="62"/>
        <source>A measured runtime of this program on the selected hardware, with its unit (1.25 ms, 190 µs)</source>
        <translation>Eine gemessene Laufzeit dieses Programms auf der gewählten Hardware, mit Einheit (1,25 ms, 190 µs)</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="81"/>
        <source>Measured:</source>
        <translation>Gemessen:</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="97"/>
        <source>F0 unfused/kernel</source>
        <translation>F0 ungefusioniert/Kernel</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="98"/>
        <source>F1 overlapped</source>
        <translation>F1 überlappt</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="99"/>
        <source>F2 fused/op</source>
        <translation>F2 fusioniert/Op</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="100"/>
        <source>F3 fused (SOL)</source>
        <translation>F3 fusioniert (SOL)</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="101"/>
        <source>F4 cache-aware</source>
        <translation>F4 cache-bewusst</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="122"/>
        <source>The measured %1 was for another program, size set or hardware; it was cleared. Enter or import the time measured for this one.</source>
        <translation>Die gemessenen %1 galten für ein anderes Programm, andere Größen oder andere Hardware und wurden gelöscht. Geben Sie die für dieses gemessene Zeit ein oder importieren Sie sie.</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="202"/>
        <source>No analysis yet: open a model or an ALIR program and press Ctrl+R.</source>
        <translation>Noch keine Analyse: Öffnen Sie ein Modell oder ein ALIR-Programm und drücken Sie Strg+R.</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="210"/>
        <source>&lt;b&gt;%1&lt;/b&gt; on %2 — %3, %4 caches</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; auf %2 — %3, Caches %4</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="225"/>
        <source>Validation: &lt;b style=&quot;color:%1&quot;&gt;validating&lt;/b&gt; — the bounds are shown; the comparison with the source runs in the background (Esc cancels it)</source>
        <translation>Validierung: &lt;b style=&quot;color:%1&quot;&gt;läuft&lt;/b&gt; — die Schranken werden gezeigt; der Vergleich mit der Quelle läuft im Hintergrund (Esc bricht ihn ab)</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="230"/>
        <source>Validation: &lt;b style=&quot;color:%1&quot;&gt;%2&lt;/b&gt; — %3</source>
        <translation>Validierung: &lt;b style=&quot;color:%1&quot;&gt;%2&lt;/b&gt; — %3</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="239"/>
        <source>&lt;small&gt;Notes: %1&lt;/small&gt;</source>
        <translation>&lt;small&gt;Hinweise: %1&lt;/small&gt;</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="250"/>
        <source>&lt;b style=&quot;color:{approximate}&quot;&gt;Coverage: approximate&lt;/b&gt; — every operation is in the bounds, some counts as lower bounds.</source>
        <translation>&lt;b style=&quot;color:{approximate}&quot;&gt;Abdeckung: angenähert&lt;/b&gt; — jede Operation steckt in den Schranken, manche Zählungen als untere Schranken.</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="252"/>
        <source>Coverage: complete — every operation is in the bounds.</source>
        <translation>Abdeckung: vollständig — jede Operation ist in den Schranken.</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="248"/>
        <source>&lt;b style=&quot;color:{error}&quot;&gt;Coverage: INCOMPLETE&lt;/b&gt; — not counted: %1</source>
        <translation>&lt;b style=&quot;color:{error}&quot;&gt;Abdeckung: UNVOLLSTÄNDIG&lt;/b&gt; — nicht gezählt: %1</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="244"/>
        <source>line %1</source>
        <translation>Zeile %1</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="244"/>
        <source>ALIR line %1</source>
        <translation>ALIR-Zeile %1</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="245"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="246"/>
        <source>%1 (%2): %3</source>
        <translation>%1 (%2): %3</translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/analysis/summarypane.cpp" line="257"/>
        <source>%n count(s) are lower bounds (valid, possibly loose; hover for why, or see the IR pane&apos;s marks): %1</source>
        <translation>
            <numerusform>%n Zählung ist eine untere Schranke (gültig, evtl. locker; Maus darüber für den Grund oder die Markierungen im IR-Bereich): %1</numerusform>
            <numerusform>%n Zählungen sind untere Schranken (gültig, evtl. locker; Maus darüber für den Grund oder die Markierungen im IR-Bereich): %1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="296"/>
        <source>SOL violation: the measured %1 is below the %2 bound. A true lower bound cannot be beaten: check the measurement (sizes, dtype, hardware) or report the model.</source>
        <translation>SOL-Verletzung: die gemessenen %1 liegen unter der Schranke %2. Eine echte untere Schranke kann nicht unterboten werden: prüfen Sie die Messung (Größen, Datentyp, Hardware) oder melden Sie das Modell.</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="300"/>
        <source>The measured %1 is below the eager model&apos;s %2 bound: an implementation that fuses or overlaps operators (torch.compile, CUDA graphs) can do that; the speed-of-light levels hold.</source>
        <translation>Die gemessenen %1 liegen unter der %2-Schranke des Eager-Modells: Eine Implementierung, die Operatoren fusioniert oder überlappt (torch.compile, CUDA Graphs), kann das; die Lichtgeschwindigkeits-Stufen gelten.</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="309"/>
        <source>Import KernelBench timings</source>
        <translation>KernelBench-Zeitmessungen importieren</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="309"/>
        <source>Timing JSON (*.json)</source>
        <translation>Zeitmessungs-JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="314"/>
        <source>Import failed</source>
        <translation>Import fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="319"/>
        <source>Timings from another machine</source>
        <translation>Zeiten von einer anderen Maschine</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="320"/>
        <source>%1: no headroom is computed against them. Select the profile they were measured on.</source>
        <translation>%1: Dagegen wird kein Spielraum berechnet. Wählen Sie das Profil, auf dem gemessen wurde.</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="327"/>
        <source>No timing</source>
        <translation>Keine Zeitmessung</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="327"/>
        <source>%1 has no timing for %2.</source>
        <translation>%1 enthält keine Zeitmessung für %2.</translation>
    </message>
</context>
<context>
    <name>TranscriptPane</name>
    <message>
        <location filename="../widgets/llm/transcriptpane.cpp" line="21"/>
        <source>Attempt</source>
        <translation>Versuch</translation>
    </message>
    <message>
        <location filename="../widgets/llm/transcriptpane.cpp" line="21"/>
        <source>Outcome</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <location filename="../widgets/llm/transcriptpane.cpp" line="21"/>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <location filename="../widgets/llm/transcriptpane.cpp" line="40"/>
        <source>— reply —
%1
— outcome: %2 —
%3
— feedback sent —
%4</source>
        <translation>— Antwort —
%1
— Ergebnis: %2 —
%3
— gesendete Rückmeldung —
%4</translation>
    </message>
    <message>
        <location filename="../widgets/llm/transcriptpane.cpp" line="43"/>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <location filename="../widgets/llm/transcriptpane.cpp" line="45"/>
        <source>The LLM frontend has not run. Choose it as the frontend and analyse (Ctrl+R).</source>
        <translation>Das LLM-Frontend ist nicht gelaufen. Wählen Sie es als Frontend und analysieren Sie (Strg+R).</translation>
    </message>
</context>
<context>
    <name>solar::engine</name>
    <message>
        <location filename="../render/enginetext.cpp" line="15"/>
        <source>memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <location filename="../render/enginetext.cpp" line="17"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <location filename="../render/enginetext.cpp" line="19"/>
        <source>compute:%1</source>
        <translation>Rechnen:%1</translation>
    </message>
    <message>
        <location filename="../render/enginetext.cpp" line="25"/>
        <source>%1: %2 on %3 -&gt; %4 on %5</source>
        <translation>%1: %2 auf %3 -&gt; %4 auf %5</translation>
    </message>
    <message>
        <location filename="../render/enginetext.cpp" line="33"/>
        <source>validated</source>
        <translation>validiert</translation>
    </message>
    <message>
        <location filename="../render/enginetext.cpp" line="35"/>
        <source>validated, with a caveat</source>
        <translation>validiert, mit Vorbehalt</translation>
    </message>
    <message>
        <location filename="../render/enginetext.cpp" line="37"/>
        <source>mismatch</source>
        <translation>Abweichung</translation>
    </message>
    <message>
        <location filename="../render/enginetext.cpp" line="39"/>
        <source>unvalidated</source>
        <translation>unvalidiert</translation>
    </message>
    <message>
        <location filename="../render/enginetext.cpp" line="41"/>
        <source>validating</source>
        <translation>wird validiert</translation>
    </message>
    <message>
        <location filename="../engine/bounds/ladder.cpp" line="550"/>
        <source>cache_aware adds %1 bytes of capacity-forced traffic (on-chip capacity %2 bytes)</source>
        <translation>cache_aware fügt %1 Bytes kapazitätsbedingten Verkehr hinzu (On-Chip-Kapazität %2 Bytes)</translation>
    </message>
    <message>
        <location filename="../engine/bounds/ladder.cpp" line="555"/>
        <source>fused_per_op (F2) is above unfused_overlapped (F1): F2 adds up each kernel&apos;s own max(compute, memory) one after another, F1 overlaps compute and memory across the whole program; both are lower bounds, and fused (F3) is below both</source>
        <translation>fused_per_op (F2) liegt über unfused_overlapped (F1): F2 addiert das max(Rechnen, Speicher) jedes Kernels nacheinander, F1 überlappt Rechnen und Speicher über das ganze Programm; beide sind untere Schranken, und fused (F3) liegt unter beiden</translation>
    </message>
    <message>
        <location filename="../engine/bounds/ladder.cpp" line="563"/>
        <source>cache_aware has no L2 -&gt; SM floor: the profile lists no L2 bandwidth</source>
        <translation>cache_aware hat keine L2 -&gt; SM-Schranke: das Profil nennt keine L2-Bandbreite</translation>
    </message>
    <message>
        <location filename="../engine/bounds/ladder.cpp" line="566"/>
        <source>cache_aware is bound by the L2 -&gt; SM level: %1 bytes cross L2 at %2 B/s</source>
        <translation>cache_aware ist durch die Ebene L2 -&gt; SM begrenzt: %1 Bytes laufen mit %2 B/s durch L2</translation>
    </message>
    <message>
        <location filename="../engine/bounds/ladder.cpp" line="575"/>
        <source>%1 contractions run on SIMT fp32: the machine lists no tensor-core peak for them</source>
        <translation>%1-Kontraktionen laufen auf SIMT fp32: die Maschine nennt für sie keine Tensor-Core-Spitze</translation>
    </message>
    <message>
        <location filename="../engine/bounds/ladder.cpp" line="580"/>
        <source>unfused_per_kernel is the host&apos;s eager dispatch: %1 launches at the profile&apos;s %2 each take %3, more than the device needs for them (+%4; the eager model only, no other level has it)</source>
        <translation>unfused_per_kernel ist der Eager-Dispatch des Hosts: %1 Starts zu je %2 laut Profil dauern %3, länger als das Gerät für sie braucht (+%4; nur das Eager-Modell, keine andere Stufe enthält es)</translation>
    </message>
    <message>
        <location filename="../engine/bounds/ladder.cpp" line="587"/>
        <source>unfused_per_kernel includes the profile&apos;s kernel-launch floor of %1 on %2 of %3 kernels: +%4 (the eager model only; no other level has it)</source>
        <translation>unfused_per_kernel enthält die Kernel-Start-Untergrenze des Profils von %1 bei %2 von %3 Kernels: +%4 (nur das Eager-Modell; keine andere Stufe enthält sie)</translation>
    </message>
</context>
</TS>
