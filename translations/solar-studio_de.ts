<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>AlirLexer</name>
    <message>
        <location filename="../widgets/editor/alirlexer.cpp" line="33"/>
        <source>Default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <location filename="../widgets/editor/alirlexer.cpp" line="34"/>
        <source>Comment</source>
        <translation>Kommentar</translation>
    </message>
    <message>
        <location filename="../widgets/editor/alirlexer.cpp" line="35"/>
        <source>Keyword</source>
        <translation>Schlüsselwort</translation>
    </message>
    <message>
        <location filename="../widgets/editor/alirlexer.cpp" line="36"/>
        <source>Element type</source>
        <translation>Elementtyp</translation>
    </message>
    <message>
        <location filename="../widgets/editor/alirlexer.cpp" line="37"/>
        <source>Built-in function</source>
        <translation>Eingebaute Funktion</translation>
    </message>
    <message>
        <location filename="../widgets/editor/alirlexer.cpp" line="38"/>
        <source>Number</source>
        <translation>Zahl</translation>
    </message>
    <message>
        <location filename="../widgets/editor/alirlexer.cpp" line="39"/>
        <source>Operator</source>
        <translation>Operator</translation>
    </message>
</context>
<context>
    <name>ComparisonView</name>
    <message>
        <location filename="../widgets/compare/comparisonview.cpp" line="48"/>
        <source>Fused bound per profile (shorter is faster)</source>
        <translation>Fusionierte Schranke je Profil (kürzer ist schneller)</translation>
    </message>
    <message>
        <location filename="../widgets/compare/comparisonview.cpp" line="84"/>
        <source>Profiles:</source>
        <translation>Profile:</translation>
    </message>
    <message>
        <location filename="../widgets/compare/comparisonview.cpp" line="86"/>
        <source>Baseline:</source>
        <translation>Basis:</translation>
    </message>
    <message>
        <location filename="../widgets/compare/comparisonview.cpp" line="163"/>
        <source>Profile</source>
        <translation>Profil</translation>
    </message>
    <message>
        <location filename="../widgets/compare/comparisonview.cpp" line="167"/>
        <source>Speedup (fused)</source>
        <translation>Beschleunigung (fusioniert)</translation>
    </message>
    <message>
        <location filename="../widgets/compare/comparisonview.cpp" line="167"/>
        <source>Bottleneck (fused)</source>
        <translation>Engpass (fusioniert)</translation>
    </message>
    <message>
        <location filename="../widgets/compare/comparisonview.cpp" line="184"/>
        <source>The bottleneck is the same on every profile.</source>
        <translation>Der Engpass ist auf jedem Profil derselbe.</translation>
    </message>
    <message>
        <location filename="../widgets/compare/comparisonview.cpp" line="185"/>
        <source>Where the bottleneck moves: </source>
        <translation>Wohin sich der Engpass verschiebt: </translation>
    </message>
</context>
<context>
    <name>Document</name>
    <message>
        <location filename="../app/studio/document.cpp" line="69"/>
        <source>Cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <location filename="../app/studio/document.cpp" line="97"/>
        <location filename="../app/studio/document.cpp" line="109"/>
        <source>Save failed</source>
        <translation>Speichern fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../app/studio/document.cpp" line="103"/>
        <source>Save source</source>
        <translation>Quelle speichern</translation>
    </message>
    <message>
        <location filename="../app/studio/document.cpp" line="103"/>
        <source>Models and IR (*.py *.alir)</source>
        <translation>Modelle und IR (*.py *.alir)</translation>
    </message>
    <message>
        <location filename="../app/studio/document.cpp" line="117"/>
        <source>Unsaved edits</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <location filename="../app/studio/document.cpp" line="117"/>
        <source>The source has unsaved edits. Save them first?</source>
        <translation>Die Quelle hat ungespeicherte Änderungen. Zuerst speichern?</translation>
    </message>
    <message>
        <location filename="../app/studio/document.cpp" line="133"/>
        <source>Autosave failed: %1</source>
        <translation>Automatisches Speichern fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location filename="../app/studio/document.cpp" line="139"/>
        <source>an unsaved %1</source>
        <translation>ein ungespeichertes %1</translation>
    </message>
    <message>
        <location filename="../app/studio/document.cpp" line="140"/>
        <source>Recover unsaved edits?</source>
        <translation>Ungespeicherte Änderungen wiederherstellen?</translation>
    </message>
    <message>
        <location filename="../app/studio/document.cpp" line="141"/>
        <source>SOLAR Studio closed with unsaved edits to %1 (autosaved %2). Recover them?</source>
        <translation>SOLAR Studio wurde mit ungespeicherten Änderungen an %1 beendet (automatisch gespeichert %2). Wiederherstellen?</translation>
    </message>
    <message>
        <location filename="../app/studio/document.cpp" line="157"/>
        <source>Recovered unsaved edits; save them to keep them</source>
        <translation>Ungespeicherte Änderungen wiederhergestellt; speichern Sie sie, um sie zu behalten</translation>
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
        <location filename="../widgets/render/exports.cpp" line="47"/>
        <source>&amp;Report (PDF)…</source>
        <translation>&amp;Bericht (PDF)…</translation>
    </message>
    <message>
        <location filename="../widgets/render/exports.cpp" line="47"/>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <location filename="../widgets/render/exports.cpp" line="49"/>
        <source>Analysis as &amp;JSON…</source>
        <translation>Analyse als &amp;JSON…</translation>
    </message>
    <message>
        <location filename="../widgets/render/exports.cpp" line="49"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../widgets/render/exports.cpp" line="54"/>
        <source>Operators as &amp;CSV…</source>
        <translation>Operatoren als &amp;CSV…</translation>
    </message>
    <message>
        <location filename="../widgets/render/exports.cpp" line="54"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../widgets/render/exports.cpp" line="58"/>
        <source>Einsum graph as &amp;DOT…</source>
        <translation>Einsum-Graph als &amp;DOT…</translation>
    </message>
    <message>
        <location filename="../widgets/render/exports.cpp" line="58"/>
        <source>Graphviz (*.dot)</source>
        <translation>Graphviz (*.dot)</translation>
    </message>
    <message>
        <location filename="../widgets/render/exports.cpp" line="63"/>
        <source>Einsum graph as &amp;SVG…</source>
        <translation>Einsum-Graph als &amp;SVG…</translation>
    </message>
    <message>
        <location filename="../widgets/render/exports.cpp" line="63"/>
        <location filename="../widgets/render/exports.cpp" line="75"/>
        <source>SVG (*.svg)</source>
        <translation>SVG (*.svg)</translation>
    </message>
    <message>
        <location filename="../widgets/render/exports.cpp" line="65"/>
        <source>Einsum graph as SOLAR &amp;YAML…</source>
        <translation>Einsum-Graph als SOLAR-&amp;YAML…</translation>
    </message>
    <message>
        <location filename="../widgets/render/exports.cpp" line="65"/>
        <source>YAML (*.yaml)</source>
        <translation>YAML (*.yaml)</translation>
    </message>
    <message>
        <location filename="../widgets/render/exports.cpp" line="70"/>
        <source>Roofline as P&amp;NG…</source>
        <translation>Roofline als P&amp;NG…</translation>
    </message>
    <message>
        <location filename="../widgets/render/exports.cpp" line="70"/>
        <source>PNG (*.png)</source>
        <translation>PNG (*.png)</translation>
    </message>
    <message>
        <location filename="../widgets/render/exports.cpp" line="75"/>
        <source>Roofline as S&amp;VG…</source>
        <translation>Roofline als S&amp;VG…</translation>
    </message>
    <message>
        <location filename="../widgets/render/exports.cpp" line="96"/>
        <source>Nothing to export: analyse first (Ctrl+R)</source>
        <translation>Nichts zu exportieren: zuerst analysieren (Strg+R)</translation>
    </message>
</context>
<context>
    <name>Figures</name>
    <message>
        <location filename="../widgets/render/figures.cpp" line="43"/>
        <source>Roofline of %1 on %2 at %3 — %4 operators</source>
        <translation>Roofline von %1 auf %2 bei %3 — %4 Operatoren</translation>
    </message>
    <message>
        <location filename="../widgets/render/figures.cpp" line="69"/>
        <location filename="../widgets/render/figures.cpp" line="94"/>
        <source>cannot paint the SVG</source>
        <translation>SVG kann nicht gezeichnet werden</translation>
    </message>
    <message>
        <location filename="../widgets/render/figures.cpp" line="73"/>
        <source>unknown figure format &apos;%1&apos; (png, svg)</source>
        <translation>unbekanntes Bildformat „%1“ (png, svg)</translation>
    </message>
    <message>
        <location filename="../widgets/render/figures.cpp" line="91"/>
        <source>Einsum graph: %1</source>
        <translation>Einsum-Graph: %1</translation>
    </message>
</context>
<context>
    <name>FrontendSelector</name>
    <message>
        <location filename="../widgets/editor/frontendselector.cpp" line="9"/>
        <source>Automatic (PyTorch files traced, ALIR as written)</source>
        <translation>Automatisch (PyTorch-Dateien getraced, ALIR wie geschrieben)</translation>
    </message>
    <message>
        <location filename="../widgets/editor/frontendselector.cpp" line="10"/>
        <source>PyTorch trace</source>
        <translation>PyTorch-Trace</translation>
    </message>
    <message>
        <location filename="../widgets/editor/frontendselector.cpp" line="11"/>
        <source>ALIR as written</source>
        <translation>ALIR wie geschrieben</translation>
    </message>
    <message>
        <location filename="../widgets/editor/frontendselector.cpp" line="12"/>
        <source>LLM (any source, validated when a reference runs)</source>
        <translation>LLM (jede Quelle, validiert, wenn eine Referenz läuft)</translation>
    </message>
    <message>
        <location filename="../widgets/editor/frontendselector.cpp" line="13"/>
        <source>How the source becomes ALIR</source>
        <translation>Wie die Quelle zu ALIR wird</translation>
    </message>
</context>
<context>
    <name>GraphPane</name>
    <message>
        <location filename="../widgets/graph/graphpane.cpp" line="20"/>
        <source>Find operator…</source>
        <translation>Operator suchen…</translation>
    </message>
    <message>
        <location filename="../widgets/graph/graphpane.cpp" line="22"/>
        <source>Colour by bottleneck</source>
        <translation>Nach Engpass färben</translation>
    </message>
    <message>
        <location filename="../widgets/graph/graphpane.cpp" line="23"/>
        <source>Colour by share of time</source>
        <translation>Nach Zeitanteil färben</translation>
    </message>
    <message>
        <location filename="../widgets/graph/graphpane.cpp" line="24"/>
        <source>Fit</source>
        <translation>Einpassen</translation>
    </message>
    <message>
        <location filename="../widgets/graph/graphpane.cpp" line="36"/>
        <source>No operator matches &apos;%1&apos;</source>
        <translation>Kein Operator passt zu „%1“</translation>
    </message>
</context>
<context>
    <name>HardwarePanel</name>
    <message>
        <location filename="../widgets/hardware/hardwarepanel.cpp" line="57"/>
        <source>Profile:</source>
        <translation>Profil:</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepanel.cpp" line="60"/>
        <source>What if (factor on the profile&apos;s value)</source>
        <translation>Was wäre, wenn (Faktor auf den Profilwert)</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepanel.cpp" line="62"/>
        <source>DRAM bandwidth</source>
        <translation>DRAM-Bandbreite</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepanel.cpp" line="62"/>
        <source>Tensor-core peaks</source>
        <translation>Tensor-Core-Spitzenwerte</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepanel.cpp" line="62"/>
        <source>SIMT peaks</source>
        <translation>SIMT-Spitzenwerte</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepanel.cpp" line="62"/>
        <source>On-chip capacity</source>
        <translation>On-Chip-Kapazität</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepanel.cpp" line="62"/>
        <source>Clock</source>
        <translation>Takt</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepanel.cpp" line="80"/>
        <source>Reset</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepanel.cpp" line="85"/>
        <source>Target latency (inverse roofline)</source>
        <translation>Ziellatenz (inverse Roofline)</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepanel.cpp" line="89"/>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepanel.cpp" line="90"/>
        <location filename="../widgets/hardware/hardwarepanel.cpp" line="193"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepanel.cpp" line="91"/>
        <source>Target:</source>
        <translation>Ziel:</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepanel.cpp" line="95"/>
        <source>Level:</source>
        <translation>Stufe:</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepanel.cpp" line="97"/>
        <source>Solve for bandwidth</source>
        <translation>Nach Bandbreite lösen</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepanel.cpp" line="98"/>
        <source>Solve for compute</source>
        <translation>Nach Rechenleistung lösen</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepanel.cpp" line="99"/>
        <source>Solve for on-chip</source>
        <translation>Nach On-Chip lösen</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepanel.cpp" line="134"/>
        <source> (user)</source>
        <translation> (Benutzer)</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepanel.cpp" line="240"/>
        <source>Enter a target latency to see what hardware reaches it.</source>
        <translation>Geben Sie eine Ziellatenz ein, um zu sehen, welche Hardware sie erreicht.</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepanel.cpp" line="254"/>
        <source>Now: %1 at %2; target %3.</source>
        <translation>Jetzt: %1 bei %2; Ziel %3.</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepanel.cpp" line="257"/>
        <source>Bandwidth needed at today&apos;s compute: %1.</source>
        <translation>Nötige Bandbreite bei heutiger Rechenleistung: %1.</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepanel.cpp" line="258"/>
        <source>No bandwidth reaches it: %1</source>
        <translation>Keine Bandbreite erreicht es: %1</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepanel.cpp" line="259"/>
        <source>Compute needed at today&apos;s bandwidth: ×%1 every peak.</source>
        <translation>Nötige Rechenleistung bei heutiger Bandbreite: ×%1 auf jeden Spitzenwert.</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepanel.cpp" line="260"/>
        <source>No compute reaches it: %1</source>
        <translation>Keine Rechenleistung erreicht es: %1</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepanel.cpp" line="262"/>
        <source>On-chip capacity needed: %1.</source>
        <translation>Nötige On-Chip-Kapazität: %1.</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepanel.cpp" line="263"/>
        <source>No on-chip capacity reaches it: %1</source>
        <translation>Keine On-Chip-Kapazität erreicht es: %1</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepanel.cpp" line="264"/>
        <source>Necessary whatever the rest: %1 and ×%2 compute.</source>
        <translation>Unabhängig vom Rest nötig: %1 und ×%2 Rechenleistung.</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepanel.cpp" line="303"/>
        <source>No profile to save.</source>
        <translation>Kein Profil zum Speichern.</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepanel.cpp" line="320"/>
        <source>Save user profile</source>
        <translation>Benutzerprofil speichern</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepanel.cpp" line="320"/>
        <source>Profile id (letters, digits, dashes):</source>
        <translation>Profil-ID (Buchstaben, Ziffern, Bindestriche):</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepanel.cpp" line="327"/>
        <source>Save failed</source>
        <translation>Speichern fehlgeschlagen</translation>
    </message>
</context>
<context>
    <name>IrPane</name>
    <message>
        <location filename="../widgets/editor/irpane.cpp" line="15"/>
        <source>Edit as ALIR</source>
        <translation>Als ALIR bearbeiten</translation>
    </message>
    <message>
        <location filename="../widgets/editor/irpane.cpp" line="16"/>
        <source>Analyse this IR</source>
        <translation>Diese IR analysieren</translation>
    </message>
    <message>
        <location filename="../widgets/editor/irpane.cpp" line="23"/>
        <source>Open this program in the editor as ALIR, to change it and analyse it</source>
        <translation>Dieses Programm als ALIR im Editor öffnen, um es zu ändern und zu analysieren</translation>
    </message>
    <message>
        <location filename="../widgets/editor/irpane.cpp" line="44"/>
        <source>&lt;b style=&quot;color:%1&quot;&gt;%2&lt;/b&gt; %3&lt;br&gt;&lt;small&gt;%4&lt;/small&gt;</source>
        <translation>&lt;b style=&quot;color:%1&quot;&gt;%2&lt;/b&gt; %3&lt;br&gt;&lt;small&gt;%4&lt;/small&gt;</translation>
    </message>
    <message>
        <location filename="../widgets/editor/irpane.cpp" line="46"/>
        <source>(generated by the PyTorch frontend, read-only)</source>
        <translation>(vom PyTorch-Frontend erzeugt, schreibgeschützt)</translation>
    </message>
    <message>
        <location filename="../widgets/editor/irpane.cpp" line="46"/>
        <source>(as written; editable here)</source>
        <translation>(wie geschrieben; hier bearbeitbar)</translation>
    </message>
    <message>
        <location filename="../widgets/editor/irpane.cpp" line="58"/>
        <source>No program analysed yet.</source>
        <translation>Noch kein Programm analysiert.</translation>
    </message>
</context>
<context>
    <name>LlmSettingsDialog</name>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="22"/>
        <source>LLM frontend settings</source>
        <translation>Einstellungen des LLM-Frontends</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="24"/>
        <source>Any OpenAI-compatible endpoint: hosted APIs, vLLM, llama.cpp server, Ollama (…/v1)</source>
        <translation>Jeder OpenAI-kompatible Endpunkt: gehostete APIs, vLLM, llama.cpp-Server, Ollama (…/v1)</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="25"/>
        <source>The name of the environment variable that holds the API key; empty for servers without keys. The key itself is never stored by SOLAR Studio.</source>
        <translation>Der Name der Umgebungsvariablen mit dem API-Schlüssel; leer für Server ohne Schlüssel. Den Schlüssel selbst speichert SOLAR Studio nie.</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="31"/>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="36"/>
        <source>Base URL:</source>
        <translation>Basis-URL:</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="37"/>
        <source>Model:</source>
        <translation>Modell:</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="38"/>
        <source>API key variable:</source>
        <translation>Variable des API-Schlüssels:</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="40"/>
        <source>Temperature:</source>
        <translation>Temperatur:</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="41"/>
        <source>Timeout per request:</source>
        <translation>Zeitlimit pro Anfrage:</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="42"/>
        <source>Attempts (feedback rounds):</source>
        <translation>Versuche (Rückmelderunden):</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="55"/>
        <source>No key is sent.</source>
        <translation>Es wird kein Schlüssel gesendet.</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="58"/>
        <source>&lt;span style=&quot;color:#c02020&quot;&gt;%1 is not set in SOLAR Studio&apos;s environment.&lt;/span&gt;</source>
        <translation>&lt;span style=&quot;color:#c02020&quot;&gt;%1 ist in der Umgebung von SOLAR Studio nicht gesetzt.&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="60"/>
        <source>%1 is set (its value is not shown).</source>
        <translation>%1 ist gesetzt (der Wert wird nicht angezeigt).</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="53"/>
        <location filename="../app/studio/mainwindow.cpp" line="198"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="58"/>
        <location filename="../app/studio/mainwindow.cpp" line="335"/>
        <source>SOLAR Studio %1</source>
        <translation>SOLAR Studio %1</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="135"/>
        <source>IR</source>
        <translation>IR</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="136"/>
        <source>Einsum graph</source>
        <translation>Einsum-Graph</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="137"/>
        <source>Roofline</source>
        <translation>Roofline</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="138"/>
        <source>Hardware</source>
        <translation>Hardware</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="139"/>
        <source>Operators</source>
        <translation>Operatoren</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="140"/>
        <source>Summary</source>
        <translation>Zusammenfassung</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="141"/>
        <source>LLM transcript</source>
        <translation>LLM-Protokoll</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="142"/>
        <source>Compare hardware</source>
        <translation>Hardware vergleichen</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="155"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="156"/>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="157"/>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="158"/>
        <source>&amp;Examples</source>
        <translation>&amp;Beispiele</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="161"/>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="309"/>
        <source>Save failed</source>
        <translation>Speichern fehlgeschlagen</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/studio/mainwindow.cpp" line="478"/>
        <source>Line %1 produced %n operator(s): %2</source>
        <translation>
            <numerusform>Zeile %1 erzeugte %n Operator: %2</numerusform>
            <numerusform>Zeile %1 erzeugte %n Operatoren: %2</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="165"/>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="169"/>
        <source>Save &amp;Project…</source>
        <translation>&amp;Projekt speichern…</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="171"/>
        <source>&amp;Export</source>
        <translation>E&amp;xportieren</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="176"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="178"/>
        <source>&amp;Analysis</source>
        <translation>&amp;Analyse</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="179"/>
        <source>&amp;Analyse</source>
        <translation>&amp;Analysieren</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="181"/>
        <source>&amp;Cancel</source>
        <translation>Abbre&amp;chen</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="183"/>
        <source>Save hardware as &amp;user profile…</source>
        <translation>Hardware als &amp;Benutzerprofil speichern…</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="190"/>
        <source>&amp;LLM settings…</source>
        <translation>&amp;LLM-Einstellungen…</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="192"/>
        <source>Analysis</source>
        <translation>Analyse</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="194"/>
        <source> Frontend: </source>
        <translation> Frontend: </translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="200"/>
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
        <location filename="../app/studio/mainwindow.cpp" line="204"/>
        <source>The language changes at the next start of SOLAR Studio</source>
        <translation>Die Sprache ändert sich beim nächsten Start von SOLAR Studio</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="206"/>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="207"/>
        <source>&amp;About SOLAR Studio</source>
        <translation>Ü&amp;ber SOLAR Studio</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="240"/>
        <source>Open failed</source>
        <translation>Öffnen fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="227"/>
        <source>Opened %1</source>
        <translation>%1 geöffnet</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="294"/>
        <source>Saved project %1</source>
        <translation>Projekt %1 gespeichert</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="245"/>
        <source>Open model, IR or project</source>
        <translation>Modell, IR oder Projekt öffnen</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="246"/>
        <source>Models, IR and projects (*.py *.alir *.solar);;All files (*)</source>
        <translation>Modelle, IR und Projekte (*.py *.alir *.solar);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="302"/>
        <source>Save project</source>
        <translation>Projekt speichern</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="302"/>
        <source>SOLAR Studio projects (*.solar)</source>
        <translation>SOLAR-Studio-Projekte (*.solar)</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="208"/>
        <source>About SOLAR Studio</source>
        <translation>Über SOLAR Studio</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="209"/>
        <source>&lt;b&gt;SOLAR Studio %1&lt;/b&gt;&lt;p&gt;Speed-of-light analysis for deep-learning programs: how fast a model could run on a given chip, and how far an implementation is from it.&lt;/p&gt;</source>
        <translation>&lt;b&gt;SOLAR Studio %1&lt;/b&gt;&lt;p&gt;Lichtgeschwindigkeitsanalyse für Deep-Learning-Programme: wie schnell ein Modell auf einem Chip laufen könnte und wie weit eine Implementierung davon entfernt ist.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="337"/>
        <source>%1%2 — SOLAR Studio %3</source>
        <translation>%1%2 — SOLAR Studio %3</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="352"/>
        <source>No hardware profile: see Analysis → hardware</source>
        <translation>Kein Hardwareprofil: siehe Analyse → Hardware</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="366"/>
        <source>Cannot write a copy for the tracer: %1</source>
        <translation>Kopie für den Tracer kann nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="359"/>
        <source>Asking %1 at %2…</source>
        <translation>Frage %1 unter %2…</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="73"/>
        <source>Analysing: %1…</source>
        <translation>Analyse: %1…</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="371"/>
        <source>Analysing…</source>
        <translation>Analysiere…</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="77"/>
        <source>Analysis cancelled</source>
        <translation>Analyse abgebrochen</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="383"/>
        <source>%1: %2 — %3</source>
        <translation>%1: %2 — %3</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="387"/>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="392"/>
        <source>The last analysis failed (see the editor); the numbers shown are from the one before.</source>
        <translation>Die letzte Analyse ist fehlgeschlagen (siehe Editor); die gezeigten Zahlen stammen von der vorherigen.</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="393"/>
        <source>Analysis failed: %1</source>
        <translation>Analyse fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="409"/>
        <source>Analysed: %1 operators, validation %2</source>
        <translation>Analysiert: %1 Operatoren, Validierung %2</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="441"/>
        <source>Source changed: results are stale (Ctrl+R analyses again)</source>
        <translation>Quelle geändert: Ergebnisse sind veraltet (Strg+R analysiert erneut)</translation>
    </message>
</context>
<context>
    <name>OperatorPane</name>
    <message>
        <location filename="../widgets/analysis/operatorpane.cpp" line="32"/>
        <source>Filter operators (name, kind, equation, ATen op)…</source>
        <translation>Operatoren filtern (Name, Art, Gleichung, ATen-Op)…</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatorpane.cpp" line="34"/>
        <source>Export CSV…</source>
        <translation>CSV exportieren…</translation>
    </message>
</context>
<context>
    <name>OperatorTableModel</name>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="93"/>
        <source>compute</source>
        <translation>Rechnen</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="93"/>
        <source>memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="104"/>
        <source>Some count of this operator is a lower bound (see the coverage notes).</source>
        <translation>Eine Zählung dieses Operators ist eine untere Schranke (siehe Abdeckungshinweise).</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="115"/>
        <source>Operator</source>
        <translation>Operator</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="116"/>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="117"/>
        <source>Equation</source>
        <translation>Gleichung</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="118"/>
        <source>Shape</source>
        <translation>Form</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="119"/>
        <source>ATen op</source>
        <translation>ATen-Op</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="120"/>
        <source>Line</source>
        <translation>Zeile</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="121"/>
        <source>FLOPs</source>
        <translation>FLOPs</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="122"/>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="123"/>
        <source>FLOP/B</source>
        <translation>FLOP/B</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="124"/>
        <source>F0 unfused/kernel</source>
        <translation>F0 ungefusioniert/Kernel</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="125"/>
        <source>F1 overlapped</source>
        <translation>F1 überlappt</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="126"/>
        <source>F2 fused/op</source>
        <translation>F2 fusioniert/Op</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="127"/>
        <source>F3 fused</source>
        <translation>F3 fusioniert</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="128"/>
        <source>F4 cache-aware</source>
        <translation>F4 cache-bewusst</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="129"/>
        <source>Bottleneck</source>
        <translation>Engpass</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="130"/>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
</context>
<context>
    <name>Project</name>
    <message>
        <location filename="../app/studio/projectfile.cpp" line="49"/>
        <source>not valid JSON at byte %1: %2</source>
        <translation>kein gültiges JSON bei Byte %1: %2</translation>
    </message>
    <message>
        <location filename="../app/studio/projectfile.cpp" line="52"/>
        <source>not a SOLAR Studio project (schema solar.project/1)</source>
        <translation>kein SOLAR-Studio-Projekt (Schema solar.project/1)</translation>
    </message>
    <message>
        <location filename="../app/studio/projectfile.cpp" line="55"/>
        <source>&apos;source.text&apos; is missing</source>
        <translation>„source.text“ fehlt</translation>
    </message>
    <message>
        <location filename="../app/studio/projectfile.cpp" line="66"/>
        <source>&apos;hardware.factors.%1&apos; must be a positive number</source>
        <translation>„hardware.factors.%1“ muss eine positive Zahl sein</translation>
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
        <location filename="../widgets/render/pdfreport.cpp" line="54"/>
        <source>Quantity</source>
        <translation>Größe</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="54"/>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="54"/>
        <location filename="../widgets/render/pdfreport.cpp" line="152"/>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="55"/>
        <source>clock</source>
        <translation>Takt</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="58"/>
        <source> (dense)</source>
        <translation> (dicht)</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="60"/>
        <source>DRAM bandwidth</source>
        <translation>DRAM-Bandbreite</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="61"/>
        <source>DRAM capacity</source>
        <translation>DRAM-Kapazität</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="62"/>
        <source>L2</source>
        <translation>L2</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="63"/>
        <source>on-chip total</source>
        <translation>On-Chip gesamt</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="75"/>
        <source>Level</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="75"/>
        <source>Bound</source>
        <translation>Schranke</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="75"/>
        <source>Bottleneck</source>
        <translation>Engpass</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="75"/>
        <source>Compute</source>
        <translation>Rechnen</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="76"/>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="76"/>
        <source>DRAM bytes</source>
        <translation>DRAM-Bytes</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="76"/>
        <source>FLOP/byte</source>
        <translation>FLOP/Byte</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="76"/>
        <source>Headroom</source>
        <translation>Spielraum</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="101"/>
        <location filename="../widgets/render/pdfreport.cpp" line="289"/>
        <source>nothing to report</source>
        <translation>nichts zu berichten</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="106"/>
        <source>&lt;h1&gt;SOLAR Studio report&lt;/h1&gt;&lt;p&gt;&lt;b&gt;Program:&lt;/b&gt; %1 (%2)&lt;br&gt;&lt;b&gt;Date:&lt;/b&gt; %3&lt;br&gt;&lt;b&gt;Tool:&lt;/b&gt; SOLAR Studio %4&lt;br&gt;&lt;b&gt;Frontend:&lt;/b&gt; %5&lt;br&gt;&lt;b&gt;Validation:&lt;/b&gt; %6 — %7&lt;/p&gt;</source>
        <translation>&lt;h1&gt;SOLAR-Studio-Bericht&lt;/h1&gt;&lt;p&gt;&lt;b&gt;Programm:&lt;/b&gt; %1 (%2)&lt;br&gt;&lt;b&gt;Datum:&lt;/b&gt; %3&lt;br&gt;&lt;b&gt;Werkzeug:&lt;/b&gt; SOLAR Studio %4&lt;br&gt;&lt;b&gt;Frontend:&lt;/b&gt; %5&lt;br&gt;&lt;b&gt;Validierung:&lt;/b&gt; %6 — %7&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="113"/>
        <source>&lt;p&gt;&lt;b&gt;Work:&lt;/b&gt; %1 multiply-accumulates, %2 in total, %3 elementwise operations (1 MAC = 2 FLOP).&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Arbeit:&lt;/b&gt; %1 Multiply-Accumulates, insgesamt %2, %3 elementweise Operationen (1 MAC = 2 FLOP).&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="117"/>
        <source>&lt;h2&gt;Bound ladder&lt;/h2&gt;&lt;p&gt;Each level is a lower bound on the runtime; a measured time below one is a SOL violation.%1&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Schrankenleiter&lt;/h2&gt;&lt;p&gt;Jede Stufe ist eine untere Schranke der Laufzeit; eine gemessene Zeit darunter ist eine SOL-Verletzung.%1&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="119"/>
        <source> Measured: %1; headroom = measured / bound.</source>
        <translation> Gemessen: %1; Spielraum = gemessen / Schranke.</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="126"/>
        <source>&lt;p&gt;&lt;b&gt;SOL violation&lt;/b&gt; at %1: the measured time is below the bound.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;SOL-Verletzung&lt;/b&gt; bei %1: die gemessene Zeit liegt unter der Schranke.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="134"/>
        <source>Profile</source>
        <translation>Profil</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="134"/>
        <source>fused bound</source>
        <translation>fusionierte Schranke</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="134"/>
        <source>speedup</source>
        <translation>Beschleunigung</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="134"/>
        <source>bottleneck</source>
        <translation>Engpass</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="139"/>
        <source>&lt;h2&gt;Cross-hardware comparison&lt;/h2&gt;&lt;p&gt;Baseline: %1.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Hardwarevergleich&lt;/h2&gt;&lt;p&gt;Basis: %1.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="141"/>
        <source>&lt;p&gt;Where the bottleneck moves:&lt;/p&gt;&lt;ul&gt;</source>
        <translation>&lt;p&gt;Wohin sich der Engpass verschiebt:&lt;/p&gt;&lt;ul&gt;</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="152"/>
        <source>Operator</source>
        <translation>Operator</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="152"/>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="152"/>
        <source>FLOPs</source>
        <translation>FLOPs</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="152"/>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="153"/>
        <source>F0 time</source>
        <translation>F0-Zeit</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="153"/>
        <source>Share (fused)</source>
        <translation>Anteil (fusioniert)</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="153"/>
        <source>Bound by</source>
        <translation>Begrenzt durch</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="157"/>
        <source> line %1</source>
        <translation> Zeile %1</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="160"/>
        <source>compute</source>
        <translation>Rechnen</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="160"/>
        <source>memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="162"/>
        <source>&lt;h2&gt;Top operators&lt;/h2&gt;&lt;p&gt;%1 operators; the 15 with the largest share of the fused bound.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Wichtigste Operatoren&lt;/h2&gt;&lt;p&gt;%1 Operatoren; die 15 mit dem größten Anteil an der fusionierten Schranke.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="168"/>
        <source>&lt;h2&gt;Inverse roofline&lt;/h2&gt;&lt;p&gt;Target %1 at the fused level (now %2) on %3:&lt;/p&gt;&lt;ul&gt;</source>
        <translation>&lt;h2&gt;Inverse Roofline&lt;/h2&gt;&lt;p&gt;Ziel %1 auf der fusionierten Stufe (jetzt %2) auf %3:&lt;/p&gt;&lt;ul&gt;</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="171"/>
        <source>DRAM bandwidth needed at today&apos;s compute: %1</source>
        <translation>Nötige DRAM-Bandbreite bei heutiger Rechenleistung: %1</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="172"/>
        <source>no bandwidth reaches it: %1</source>
        <translation>keine Bandbreite erreicht es: %1</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="175"/>
        <source>compute needed at today&apos;s bandwidth: ×%1 on every peak</source>
        <translation>nötige Rechenleistung bei heutiger Bandbreite: ×%1 auf jeden Spitzenwert</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="176"/>
        <source>no compute reaches it: %1</source>
        <translation>keine Rechenleistung erreicht es: %1</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="178"/>
        <source>necessary whatever the rest: %1 and ×%2 compute</source>
        <translation>unabhängig vom Rest nötig: %1 und ×%2 Rechenleistung</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="184"/>
        <source>&lt;h2&gt;Coverage and assumptions&lt;/h2&gt;&lt;p&gt;Coverage: %1.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Abdeckung und Annahmen&lt;/h2&gt;&lt;p&gt;Abdeckung: %1.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="185"/>
        <source>complete — every operation is counted</source>
        <translation>vollständig — jede Operation ist gezählt</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="186"/>
        <source>&lt;b&gt;INCOMPLETE&lt;/b&gt; — see below</source>
        <translation>&lt;b&gt;UNVOLLSTÄNDIG&lt;/b&gt; — siehe unten</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="190"/>
        <source>approximated (a lower bound): </source>
        <translation>angenähert (eine untere Schranke): </translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="190"/>
        <source>&lt;b&gt;not counted&lt;/b&gt;: </source>
        <translation>&lt;b&gt;nicht gezählt&lt;/b&gt;: </translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="191"/>
        <source> (line %1): </source>
        <translation> (Zeile %1): </translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="195"/>
        <source>Not covered by any bound: </source>
        <translation>Von keiner Schranke abgedeckt: </translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="196"/>
        <source>&lt;ul&gt;&lt;li&gt;Precision policy: %1&lt;/li&gt;&lt;li&gt;Cache assumption: %2&lt;/li&gt;&lt;li&gt;On-chip capacity: %3 (%4)&lt;/li&gt;&lt;li&gt;Peaks are dense (never 2:4 sparse); each number&apos;s source is listed under Hardware.&lt;/li&gt;%5&lt;/ul&gt;</source>
        <translation>&lt;ul&gt;&lt;li&gt;Präzisionsregel: %1&lt;/li&gt;&lt;li&gt;Cache-Annahme: %2&lt;/li&gt;&lt;li&gt;On-Chip-Kapazität: %3 (%4)&lt;/li&gt;&lt;li&gt;Spitzenwerte sind dicht (nie 2:4-dünn); die Quelle jeder Zahl steht unter Hardware.&lt;/li&gt;%5&lt;/ul&gt;</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="202"/>
        <source>&lt;h2&gt;Hardware&lt;/h2&gt;</source>
        <translation>&lt;h2&gt;Hardware&lt;/h2&gt;</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="210"/>
        <source>cannot paint the report</source>
        <translation>Bericht kann nicht gezeichnet werden</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="236"/>
        <source>SOLAR Studio report — %1 — Page %2 of %3</source>
        <translation>SOLAR-Studio-Bericht — %1 — Seite %2 von %3</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="253"/>
        <source>Roofline (per-kernel level, %1)</source>
        <translation>Roofline (Kernel-Stufe, %1)</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="275"/>
        <source>Einsum graph (%1 operators), part %2 of %3</source>
        <translation>Einsum-Graph (%1 Operatoren), Teil %2 von %3</translation>
    </message>
    <message>
        <location filename="../widgets/render/pdfreport.cpp" line="297"/>
        <source>SOLAR Studio report: %1</source>
        <translation>SOLAR-Studio-Bericht: %1</translation>
    </message>
</context>
<context>
    <name>RooflineChart</name>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="37"/>
        <source>Roofline</source>
        <translation>Roofline</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="112"/>
        <source>n/a</source>
        <translation>k. A.</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="113"/>
        <source> of its roof</source>
        <translation> seines Dachs</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="114"/>
        <source> of its unfused roof (fusion keeps operands on chip)</source>
        <translation> seines ungefusionierten Dachs (Fusion hält Operanden auf dem Chip)</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="115"/>
        <source>&lt;b&gt;%1&lt;/b&gt; (%2%3)&lt;br&gt;%4 [%5]&lt;br&gt;%6, %7, %8 FLOP/B&lt;br&gt;time %9 at %10, %11</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (%2%3)&lt;br&gt;%4 [%5]&lt;br&gt;%6, %7, %8 FLOP/B&lt;br&gt;Zeit %9 bei %10, %11</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="152"/>
        <source>Roofline (no analysis)</source>
        <translation>Roofline (keine Analyse)</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="162"/>
        <source>Roofline (nothing to plot)</source>
        <translation>Roofline (nichts darzustellen)</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="182"/>
        <source>DRAM %1</source>
        <translation>DRAM %1</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="183"/>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="191"/>
        <source>arithmetic intensity (FLOP/byte)</source>
        <translation>arithmetische Intensität (FLOP/Byte)</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="195"/>
        <source>attainable performance (FLOP/s)</source>
        <translation>erreichbare Leistung (FLOP/s)</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="223"/>
        <source>compute-bound ops</source>
        <translation>rechenbegrenzte Ops</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="223"/>
        <source>memory-bound ops</source>
        <translation>speicherbegrenzte Ops</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="284"/>
        <source>Roofline at %1 on %2 — %3 operators%4</source>
        <translation>Roofline bei %1 auf %2 — %3 Operatoren%4</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="287"/>
        <source> (%1 without arithmetic or bytes not shown)</source>
        <translation> (%1 ohne Arithmetik oder Bytes nicht gezeigt)</translation>
    </message>
</context>
<context>
    <name>RooflinePainter</name>
    <message>
        <location filename="../widgets/render/rooflinepainter.cpp" line="52"/>
        <source>Nothing to plot: no operator has both arithmetic and bytes</source>
        <translation>Nichts darzustellen: kein Operator hat sowohl Rechenoperationen als auch Bytes</translation>
    </message>
    <message>
        <location filename="../widgets/render/rooflinepainter.cpp" line="89"/>
        <source>arithmetic intensity (FLOP/byte)</source>
        <translation>arithmetische Intensität (FLOP/Byte)</translation>
    </message>
    <message>
        <location filename="../widgets/render/rooflinepainter.cpp" line="94"/>
        <source>attainable performance (FLOP/s)</source>
        <translation>erreichbare Leistung (FLOP/s)</translation>
    </message>
    <message>
        <location filename="../widgets/render/rooflinepainter.cpp" line="119"/>
        <source>DRAM %1</source>
        <translation>DRAM %1</translation>
    </message>
    <message>
        <location filename="../widgets/render/rooflinepainter.cpp" line="166"/>
        <source>memory-bound operator</source>
        <translation>speicherbegrenzter Operator</translation>
    </message>
    <message>
        <location filename="../widgets/render/rooflinepainter.cpp" line="167"/>
        <source>compute-bound operator</source>
        <translation>rechenbegrenzter Operator</translation>
    </message>
    <message>
        <location filename="../widgets/render/rooflinepainter.cpp" line="170"/>
        <source>marker size: share of the time; lines: roofs (dashed: overlaid profiles)</source>
        <translation>Markergröße: Zeitanteil; Linien: Dächer (gestrichelt: überlagerte Profile)</translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/render/rooflinepainter.cpp" line="174"/>
        <source>%n operator(s) without arithmetic or bytes not shown</source>
        <translation>
            <numerusform>%n Operator ohne Rechenoperationen oder Bytes nicht gezeigt</numerusform>
            <numerusform>%n Operatoren ohne Rechenoperationen oder Bytes nicht gezeigt</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RooflinePane</name>
    <message>
        <location filename="../widgets/roofline/rooflinepane.cpp" line="36"/>
        <source>Overlay profiles…</source>
        <translation>Profile überlagern…</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinepane.cpp" line="38"/>
        <source>Level:</source>
        <translation>Stufe:</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinepane.cpp" line="81"/>
        <source>Overlay a profile</source>
        <translation>Profil überlagern</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinepane.cpp" line="81"/>
        <source>Profile to overlay (none clears):</source>
        <translation>Zu überlagerndes Profil (keines entfernt):</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinepane.cpp" line="82"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
</context>
<context>
    <name>SourceEditor</name>
    <message>
        <location filename="../widgets/editor/sourceeditor.cpp" line="138"/>
        <source>col %1: </source>
        <translation>Spalte %1: </translation>
    </message>
    <message>
        <location filename="../widgets/editor/sourceeditor.cpp" line="139"/>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <location filename="../widgets/editor/sourceeditor.cpp" line="140"/>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <location filename="../widgets/editor/sourceeditor.cpp" line="141"/>
        <source>note</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <location filename="../widgets/editor/sourceeditor.cpp" line="213"/>
        <source>lower bound: </source>
        <translation>untere Schranke: </translation>
    </message>
    <message>
        <location filename="../widgets/editor/sourceeditor.cpp" line="213"/>
        <source>not counted: </source>
        <translation>nicht gezählt: </translation>
    </message>
</context>
<context>
    <name>SummaryPanel</name>
    <message>
        <location filename="../widgets/analysis/summarypanel.cpp" line="33"/>
        <source>Import timings…</source>
        <translation>Zeitmessungen importieren…</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypanel.cpp" line="45"/>
        <source>Level</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypanel.cpp" line="45"/>
        <source>Bound</source>
        <translation>Schranke</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypanel.cpp" line="45"/>
        <source>Bottleneck</source>
        <translation>Engpass</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypanel.cpp" line="45"/>
        <source>Compute</source>
        <translation>Rechnen</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypanel.cpp" line="45"/>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypanel.cpp" line="45"/>
        <source>DRAM bytes</source>
        <translation>DRAM-Bytes</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypanel.cpp" line="45"/>
        <source>FLOP/B</source>
        <translation>FLOP/B</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypanel.cpp" line="45"/>
        <source>Headroom</source>
        <translation>Spielraum</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypanel.cpp" line="52"/>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypanel.cpp" line="53"/>
        <source>not measured</source>
        <translation>nicht gemessen</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypanel.cpp" line="54"/>
        <source>A measured runtime of this program on the selected hardware, in milliseconds</source>
        <translation>Eine gemessene Laufzeit dieses Programms auf der gewählten Hardware, in Millisekunden</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypanel.cpp" line="63"/>
        <source>Measured:</source>
        <translation>Gemessen:</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypanel.cpp" line="92"/>
        <source>The measured %1 was for another program, size set or hardware; it was cleared. Enter or import the time measured for this one.</source>
        <translation>Die gemessenen %1 galten für ein anderes Programm, andere Größen oder andere Hardware und wurden gelöscht. Geben Sie die für dieses gemessene Zeit ein oder importieren Sie sie.</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypanel.cpp" line="136"/>
        <source>These results are stale: the source changed since they were computed (Ctrl+R analyses again).</source>
        <translation>Diese Ergebnisse sind veraltet: die Quelle hat sich seit ihrer Berechnung geändert (Strg+R analysiert erneut).</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypanel.cpp" line="163"/>
        <source>No analysis yet: open a model or an ALIR program and press Ctrl+R.</source>
        <translation>Noch keine Analyse: Öffnen Sie ein Modell oder ein ALIR-Programm und drücken Sie Strg+R.</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypanel.cpp" line="172"/>
        <source>&lt;b&gt;%1&lt;/b&gt; on %2 — %3, %4 caches</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; auf %2 — %3, Caches %4</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypanel.cpp" line="182"/>
        <source>Validation: &lt;b style=&quot;color:%1&quot;&gt;%2&lt;/b&gt; — %3</source>
        <translation>Validierung: &lt;b style=&quot;color:%1&quot;&gt;%2&lt;/b&gt; — %3</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypanel.cpp" line="187"/>
        <source>%1 (line %2): %3</source>
        <translation>%1 (Zeile %2): %3</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypanel.cpp" line="188"/>
        <source>Coverage: complete — every operation is in the bounds.</source>
        <translation>Abdeckung: vollständig — jede Operation ist in den Schranken.</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypanel.cpp" line="189"/>
        <source>&lt;b style=&quot;color:#c02020&quot;&gt;Coverage: INCOMPLETE&lt;/b&gt; — not counted: %1</source>
        <translation>&lt;b style=&quot;color:#c02020&quot;&gt;Abdeckung: UNVOLLSTÄNDIG&lt;/b&gt; — nicht gezählt: %1</translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/analysis/summarypanel.cpp" line="195"/>
        <source>%n count(s) are lower bounds (valid, possibly loose): %1</source>
        <translation>
            <numerusform>%n Zählung ist eine untere Schranke (gültig, eventuell locker): %1</numerusform>
            <numerusform>%n Zählungen sind untere Schranken (gültig, eventuell locker): %1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypanel.cpp" line="232"/>
        <source>SOL violation: the measured %1 is below the %2 bound. A true lower bound cannot be beaten: check the measurement (sizes, dtype, hardware) or report the model.</source>
        <translation>SOL-Verletzung: die gemessenen %1 liegen unter der Schranke %2. Eine echte untere Schranke kann nicht unterboten werden: prüfen Sie die Messung (Größen, Datentyp, Hardware) oder melden Sie das Modell.</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypanel.cpp" line="239"/>
        <source>Import KernelBench timings</source>
        <translation>KernelBench-Zeitmessungen importieren</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypanel.cpp" line="239"/>
        <source>Timing JSON (*.json)</source>
        <translation>Zeitmessungs-JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypanel.cpp" line="244"/>
        <source>Import failed</source>
        <translation>Import fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypanel.cpp" line="249"/>
        <source>Timings from another machine</source>
        <translation>Zeiten von einer anderen Maschine</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypanel.cpp" line="250"/>
        <source>%1: no headroom is computed against them. Select the profile they were measured on.</source>
        <translation>%1: Dagegen wird kein Spielraum berechnet. Wählen Sie das Profil, auf dem gemessen wurde.</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypanel.cpp" line="257"/>
        <source>No timing</source>
        <translation>Keine Zeitmessung</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypanel.cpp" line="257"/>
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
</TS>
