<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AlirLexer</name>
    <message>
        <location filename="../widgets/editor/alirlexer.cpp" line="34"/>
        <source>Default</source>
        <translation>默认</translation>
    </message>
    <message>
        <location filename="../widgets/editor/alirlexer.cpp" line="35"/>
        <source>Comment</source>
        <translation>注释</translation>
    </message>
    <message>
        <location filename="../widgets/editor/alirlexer.cpp" line="36"/>
        <source>Keyword</source>
        <translation>关键字</translation>
    </message>
    <message>
        <location filename="../widgets/editor/alirlexer.cpp" line="37"/>
        <source>Element type</source>
        <translation>元素类型</translation>
    </message>
    <message>
        <location filename="../widgets/editor/alirlexer.cpp" line="38"/>
        <source>Built-in function</source>
        <translation>内置函数</translation>
    </message>
    <message>
        <location filename="../widgets/editor/alirlexer.cpp" line="39"/>
        <source>Number</source>
        <translation>数字</translation>
    </message>
    <message>
        <location filename="../widgets/editor/alirlexer.cpp" line="40"/>
        <source>Operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <location filename="../widgets/editor/alirlexer.cpp" line="41"/>
        <source>String</source>
        <translation>字符串</translation>
    </message>
</context>
<context>
    <name>AnalysisSession</name>
    <message>
        <location filename="../app/studio/analysissession.cpp" line="30"/>
        <source>Analysing: %1…</source>
        <translation>正在分析：%1…</translation>
    </message>
    <message>
        <location filename="../app/studio/analysissession.cpp" line="41"/>
        <source>Cannot write a copy for the tracer: %1</source>
        <translation>无法为追踪器写入副本：%1</translation>
    </message>
    <message>
        <location filename="../app/studio/analysissession.cpp" line="48"/>
        <source>Asking %1 at %2…</source>
        <translation>正在询问 %1（%2）…</translation>
    </message>
    <message>
        <location filename="../app/studio/analysissession.cpp" line="54"/>
        <source>Analysing…</source>
        <translation>正在分析…</translation>
    </message>
    <message>
        <location filename="../app/studio/analysissession.cpp" line="68"/>
        <source>Validation cancelled; the bounds stand, unvalidated</source>
        <translation>验证已取消；界限保留，未验证</translation>
    </message>
    <message>
        <location filename="../app/studio/analysissession.cpp" line="72"/>
        <source>Analysis cancelled</source>
        <translation>分析已取消</translation>
    </message>
    <message>
        <location filename="../app/studio/analysissession.cpp" line="80"/>
        <source>%1: %2 — %3</source>
        <translation>%1：%2 — %3</translation>
    </message>
    <message>
        <location filename="../app/studio/analysissession.cpp" line="84"/>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <location filename="../app/studio/analysissession.cpp" line="90"/>
        <source>The analysis of this file failed (see the editor); the numbers shown are of the file open before.</source>
        <translation>此文件的分析失败（见编辑器）；显示的数值属于之前打开的文件。</translation>
    </message>
    <message>
        <location filename="../app/studio/analysissession.cpp" line="91"/>
        <source>The last analysis failed (see the editor); the numbers shown are from the one before.</source>
        <translation>上次分析失败（见编辑器）；显示的数字来自之前的分析。</translation>
    </message>
    <message>
        <location filename="../app/studio/analysissession.cpp" line="93"/>
        <source>Analysis failed: %1</source>
        <translation>分析失败：%1</translation>
    </message>
    <message>
        <location filename="../app/studio/analysissession.cpp" line="106"/>
        <source>Validation finished: %1</source>
        <translation>验证完成：%1</translation>
    </message>
    <message>
        <location filename="../app/studio/analysissession.cpp" line="112"/>
        <source>Analysed: %1 operators, validation %2</source>
        <translation>已分析：%1 个算子，验证 %2</translation>
    </message>
    <message>
        <location filename="../app/studio/analysissession.cpp" line="136"/>
        <source>the comparison with the source runs in the background</source>
        <translation>与源代码的比较在后台进行</translation>
    </message>
    <message>
        <location filename="../app/studio/analysissession.cpp" line="137"/>
        <source>Bounds ready; validating against the source in the background (Esc cancels the validation)…</source>
        <translation>界限已就绪；正在后台与源代码验证（Esc 取消验证）…</translation>
    </message>
    <message>
        <location filename="../app/studio/analysissession.cpp" line="191"/>
        <source>Source changed: results are stale (Ctrl+R analyses again)</source>
        <translation>源代码已更改：结果已过时（Ctrl+R 重新分析）</translation>
    </message>
</context>
<context>
    <name>AnalysisToolbar</name>
    <message>
        <location filename="../app/studio/analysistoolbar.cpp" line="13"/>
        <source>Analysis</source>
        <translation>分析</translation>
    </message>
    <message>
        <location filename="../app/studio/analysistoolbar.cpp" line="16"/>
        <source> Frontend: </source>
        <translation> 前端： </translation>
    </message>
    <message>
        <location filename="../app/studio/analysistoolbar.cpp" line="19"/>
        <source> Execution: </source>
        <translation> 执行方式： </translation>
    </message>
    <message>
        <location filename="../app/studio/analysistoolbar.cpp" line="22"/>
        <source>eager</source>
        <translation>eager（逐算子）</translation>
    </message>
    <message>
        <location filename="../app/studio/analysistoolbar.cpp" line="23"/>
        <source>CUDA graph / compiled</source>
        <translation>CUDA 图 / 编译</translation>
    </message>
    <message>
        <location filename="../app/studio/analysistoolbar.cpp" line="24"/>
        <source>no floor</source>
        <translation>无下限</translation>
    </message>
    <message>
        <location filename="../app/studio/analysistoolbar.cpp" line="25"/>
        <source>How the program runs, for the eager level F0: eager pays the profile&apos;s host dispatch and kernel-launch floors, a CUDA graph or compiled program the launch floor only, no floor neither. The SOL levels never pay them.</source>
        <translation>程序的运行方式（用于 eager 级别 F0）：eager 计入配置文件的主机分发下限和内核启动下限，CUDA 图或编译程序只计入启动下限，无下限则都不计入。SOL 级别从不计入它们。</translation>
    </message>
</context>
<context>
    <name>CalibrateDialog</name>
    <message>
        <location filename="../widgets/hardware/calibratedialog.cpp" line="22"/>
        <source>Calibrate this machine</source>
        <translation>校准本机</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/calibratedialog.cpp" line="24"/>
        <source>Measures this CPU&apos;s FMA throughput on one and on all threads, its memory bandwidth and, with torch, the least time one ATen operator takes; reads its caches from sysfs. Takes under a minute; other programs running now make the numbers lower. The result is saved as the user profile &apos;%1&apos;.</source>
        <translation>测量本机 CPU 在单线程和全部线程上的 FMA 吞吐量、内存带宽，以及（有 torch 时）一个 ATen 算子所需的最短时间；从 sysfs 读取缓存大小。耗时不到一分钟；此时运行的其他程序会使数值偏低。结果保存为用户配置“%1”。</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/calibratedialog.cpp" line="97"/>
        <location filename="../widgets/hardware/calibratedialog.cpp" line="102"/>
        <source>Not saved: %1</source>
        <translation>未保存：%1</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/calibratedialog.cpp" line="106"/>
        <source>Saved as the user profile &apos;%1&apos; (%2).</source>
        <translation>已保存为用户配置“%1”（%2）。</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/calibratedialog.cpp" line="114"/>
        <source>Cancelling after the current step…</source>
        <translation>当前步骤结束后取消…</translation>
    </message>
</context>
<context>
    <name>ComparisonPane</name>
    <message>
        <location filename="../widgets/compare/comparisonpane.cpp" line="53"/>
        <source>Fused bound per profile (shorter is faster)</source>
        <translation>各配置的融合界限（越短越快）</translation>
    </message>
    <message>
        <location filename="../widgets/compare/comparisonpane.cpp" line="94"/>
        <source>Profiles:</source>
        <translation>配置：</translation>
    </message>
    <message>
        <location filename="../widgets/compare/comparisonpane.cpp" line="96"/>
        <source>Baseline:</source>
        <translation>基准：</translation>
    </message>
    <message>
        <location filename="../widgets/compare/comparisonpane.cpp" line="130"/>
        <source> (user)</source>
        <translation>（用户）</translation>
    </message>
    <message>
        <location filename="../widgets/compare/comparisonpane.cpp" line="186"/>
        <source>Profile</source>
        <translation>配置</translation>
    </message>
    <message>
        <location filename="../widgets/compare/comparisonpane.cpp" line="190"/>
        <source>Speedup (fused)</source>
        <translation>加速比（融合）</translation>
    </message>
    <message>
        <location filename="../widgets/compare/comparisonpane.cpp" line="190"/>
        <source>Bottleneck (fused)</source>
        <translation>瓶颈（融合）</translation>
    </message>
    <message>
        <location filename="../widgets/compare/comparisonpane.cpp" line="206"/>
        <source>The bottleneck is the same on every profile.</source>
        <translation>在每个配置上瓶颈都相同。</translation>
    </message>
    <message>
        <location filename="../widgets/compare/comparisonpane.cpp" line="207"/>
        <source>Where the bottleneck moves: </source>
        <translation>瓶颈的变化：</translation>
    </message>
    <message>
        <location filename="../widgets/compare/comparisonpane.cpp" line="216"/>
        <source>%1 (%2 per operator, %3 in all)</source>
        <translation>%1（每个算子 %2，共 %3）</translation>
    </message>
    <message>
        <location filename="../widgets/compare/comparisonpane.cpp" line="224"/>
        <source>F0 has no per-operator floor on any of these profiles: it is the pure bound everywhere.</source>
        <translation>这些配置文件均无每算子下限：F0 处处都是纯界限。</translation>
    </message>
    <message>
        <location filename="../widgets/compare/comparisonpane.cpp" line="225"/>
        <source>F0 includes the eager per-operator floor on %1; none on %2, whose F0 is the pure bound.</source>
        <translation>F0 在 %1 上包含 eager 每算子下限；%2 上没有，其 F0 为纯界限。</translation>
    </message>
    <message>
        <location filename="../widgets/compare/comparisonpane.cpp" line="226"/>
        <source>no other profile</source>
        <translation>无其他配置文件</translation>
    </message>
</context>
<context>
    <name>Document</name>
    <message>
        <location filename="../app/studio/document.cpp" line="72"/>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <location filename="../app/studio/document.cpp" line="81"/>
        <source># %1 is a binary model (%2 bytes): it is analysed from the file on disk and cannot be edited here.
# The IR pane shows the program it becomes; for an ONNX model, an operator&apos;s source line N is the graph&apos;s N-th node.
</source>
        <translation># %1 是二进制模型（%2 字节）：从磁盘上的文件进行分析，无法在此编辑。
# IR 面板显示它转换成的程序；对于 ONNX 模型，算子的源代码行 N 即图的第 N 个节点。
</translation>
    </message>
    <message>
        <location filename="../app/studio/document.cpp" line="99"/>
        <source>%1 is a binary model: SOLAR Studio does not write it (save a project to keep the analysis settings)</source>
        <translation>%1 是二进制模型：SOLAR Studio 不会写入它（保存项目以保留分析设置）</translation>
    </message>
    <message>
        <location filename="../app/studio/document.cpp" line="120"/>
        <location filename="../app/studio/document.cpp" line="132"/>
        <source>Save failed</source>
        <translation>保存失败</translation>
    </message>
    <message>
        <location filename="../app/studio/document.cpp" line="126"/>
        <source>Save source</source>
        <translation>保存源代码</translation>
    </message>
    <message>
        <location filename="../app/studio/document.cpp" line="140"/>
        <source>Unsaved edits</source>
        <translation>未保存的编辑</translation>
    </message>
    <message>
        <location filename="../app/studio/document.cpp" line="140"/>
        <source>The source has unsaved edits. Save them first?</source>
        <translation>源代码有未保存的编辑。先保存吗？</translation>
    </message>
    <message>
        <location filename="../app/studio/document.cpp" line="156"/>
        <source>Autosave failed: %1</source>
        <translation>自动保存失败：%1</translation>
    </message>
    <message>
        <location filename="../app/studio/document.cpp" line="162"/>
        <source>an unsaved %1</source>
        <translation>一个未保存的 %1</translation>
    </message>
    <message>
        <location filename="../app/studio/document.cpp" line="163"/>
        <source>Recover unsaved edits?</source>
        <translation>恢复未保存的编辑？</translation>
    </message>
    <message>
        <location filename="../app/studio/document.cpp" line="164"/>
        <source>SOLAR Studio closed with unsaved edits to %1 (autosaved %2). Recover them?</source>
        <translation>SOLAR Studio 关闭时 %1 有未保存的编辑（自动保存于 %2）。要恢复吗？</translation>
    </message>
    <message>
        <location filename="../app/studio/document.cpp" line="180"/>
        <source>Recovered unsaved edits; save them to keep them</source>
        <translation>已恢复未保存的编辑；请保存以保留它们</translation>
    </message>
</context>
<context>
    <name>DocumentationDialog</name>
    <message>
        <location filename="../app/studio/documentation.cpp" line="26"/>
        <source>SOLAR Studio documentation</source>
        <translation>SOLAR Studio 文档</translation>
    </message>
    <message>
        <location filename="../app/studio/documentation.cpp" line="48"/>
        <source>No documentation found in %1 (set SOLAR_DOCS_DIR).</source>
        <translation>在 %1 中未找到文档（请设置 SOLAR_DOCS_DIR）。</translation>
    </message>
</context>
<context>
    <name>EnvironmentDialog</name>
    <message>
        <location filename="../app/studio/environmentdialog.cpp" line="41"/>
        <source>&amp;Probe again</source>
        <translation>重新检测(&amp;P)</translation>
    </message>
    <message>
        <location filename="../app/studio/environmentdialog.cpp" line="43"/>
        <source>Environment</source>
        <translation>环境</translation>
    </message>
    <message>
        <location filename="../app/studio/environmentdialog.cpp" line="45"/>
        <source>search SOLAR_PYTHON, the active environment, PATH</source>
        <translation>搜索 SOLAR_PYTHON、当前环境、PATH</translation>
    </message>
    <message>
        <location filename="../app/studio/environmentdialog.cpp" line="46"/>
        <source>The Python interpreter of your own environment (a venv&apos;s or conda&apos;s bin/python) that traces PyTorch models and runs references. SOLAR_PYTHON, when set, comes first. Supported: torch 1.13 and 2.x.</source>
        <translation>您自己环境中的 Python 解释器（venv 或 conda 的 bin/python），用于追踪 PyTorch 模型并运行参考实现。若设置了 SOLAR_PYTHON，则优先使用。支持：torch 1.13 和 2.x。</translation>
    </message>
    <message>
        <location filename="../app/studio/environmentdialog.cpp" line="48"/>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <location filename="../app/studio/environmentdialog.cpp" line="54"/>
        <source>Python interpreter:</source>
        <translation>Python 解释器：</translation>
    </message>
    <message>
        <location filename="../app/studio/environmentdialog.cpp" line="62"/>
        <source>The next analysis uses the interpreter marked as chosen.</source>
        <translation>下一次分析将使用标记为已选的解释器。</translation>
    </message>
    <message>
        <location filename="../app/studio/environmentdialog.cpp" line="66"/>
        <source>Python interpreter</source>
        <translation>Python 解释器</translation>
    </message>
    <message>
        <location filename="../app/studio/environmentdialog.cpp" line="92"/>
        <source>Probing the Python interpreters (importing torch can take a few seconds)…</source>
        <translation>正在检测 Python 解释器（导入 torch 可能需要几秒钟）…</translation>
    </message>
</context>
<context>
    <name>ExportActions</name>
    <message>
        <location filename="../app/studio/exportactions.cpp" line="20"/>
        <source>Report &amp;preview…</source>
        <translation>报告预览(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../app/studio/exportactions.cpp" line="30"/>
        <source>Nothing to export: analyse first (Ctrl+R)</source>
        <translation>没有可导出的内容：请先分析（Ctrl+R）</translation>
    </message>
    <message>
        <location filename="../app/studio/exportactions.cpp" line="34"/>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <location filename="../app/studio/exportactions.cpp" line="40"/>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <location filename="../app/studio/exportactions.cpp" line="42"/>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <location filename="../app/studio/exportactions.cpp" line="49"/>
        <source>Nothing to preview: analyse first (Ctrl+R)</source>
        <translation>没有可预览的内容：请先分析（Ctrl+R）</translation>
    </message>
</context>
<context>
    <name>Exports</name>
    <message>
        <location filename="../render/exports.cpp" line="49"/>
        <source>&amp;Report (PDF)…</source>
        <translation>报告 (PDF)(&amp;R)…</translation>
    </message>
    <message>
        <location filename="../render/exports.cpp" line="49"/>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <location filename="../render/exports.cpp" line="51"/>
        <source>Analysis as &amp;JSON…</source>
        <translation>分析结果为 JSON(&amp;J)…</translation>
    </message>
    <message>
        <location filename="../render/exports.cpp" line="51"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../render/exports.cpp" line="56"/>
        <source>Operators as &amp;CSV…</source>
        <translation>算子为 CSV(&amp;C)…</translation>
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
        <translation>优化机会导出为 CSV(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../render/exports.cpp" line="65"/>
        <source>Einsum graph as &amp;DOT…</source>
        <translation>Einsum 图为 DOT(&amp;D)…</translation>
    </message>
    <message>
        <location filename="../render/exports.cpp" line="65"/>
        <source>Graphviz (*.dot)</source>
        <translation>Graphviz (*.dot)</translation>
    </message>
    <message>
        <location filename="../render/exports.cpp" line="70"/>
        <source>Einsum graph as &amp;SVG…</source>
        <translation>Einsum 图为 SVG(&amp;S)…</translation>
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
        <translation>Einsum 图为 SOLAR YAML(&amp;Y)…</translation>
    </message>
    <message>
        <location filename="../render/exports.cpp" line="72"/>
        <source>YAML (*.yaml)</source>
        <translation>YAML (*.yaml)</translation>
    </message>
    <message>
        <location filename="../render/exports.cpp" line="77"/>
        <source>Roofline as P&amp;NG…</source>
        <translation>屋顶线为 PNG(&amp;N)…</translation>
    </message>
    <message>
        <location filename="../render/exports.cpp" line="77"/>
        <source>PNG (*.png)</source>
        <translation>PNG (*.png)</translation>
    </message>
    <message>
        <location filename="../render/exports.cpp" line="82"/>
        <source>Roofline as S&amp;VG…</source>
        <translation>屋顶线为 SVG(&amp;V)…</translation>
    </message>
    <message>
        <location filename="../render/exports.cpp" line="103"/>
        <source>Nothing to export: analyse first (Ctrl+R)</source>
        <translation>没有可导出的内容：请先分析（Ctrl+R）</translation>
    </message>
</context>
<context>
    <name>Figures</name>
    <message>
        <location filename="../render/figures.cpp" line="49"/>
        <source>Roofline of %1 on %2 at %3 %4 — %5 operators</source>
        <translation>%1 在 %2 上 %3 %4 级别的 Roofline — %5 个算子</translation>
    </message>
    <message>
        <location filename="../render/figures.cpp" line="75"/>
        <location filename="../render/figures.cpp" line="128"/>
        <source>cannot paint the SVG</source>
        <translation>无法绘制 SVG</translation>
    </message>
    <message>
        <location filename="../render/figures.cpp" line="79"/>
        <source>unknown figure format &apos;%1&apos; (png, svg)</source>
        <translation>未知的图像格式“%1”（png、svg）</translation>
    </message>
    <message>
        <location filename="../render/figures.cpp" line="109"/>
        <source>the sweep has no measured problem to plot</source>
        <translation>该批量运行中没有可绘制的已测量问题</translation>
    </message>
    <message>
        <location filename="../render/figures.cpp" line="110"/>
        <source>Measured time against bound: %1 problems on %2</source>
        <translation>实测时间与界限对比：%2 上的 %1 个问题</translation>
    </message>
    <message>
        <location filename="../render/figures.cpp" line="125"/>
        <source>Einsum graph: %1</source>
        <translation>Einsum 图：%1</translation>
    </message>
</context>
<context>
    <name>FindBar</name>
    <message>
        <location filename="../widgets/editor/findbar.cpp" line="20"/>
        <source>Match case</source>
        <translation>区分大小写</translation>
    </message>
    <message>
        <location filename="../widgets/editor/findbar.cpp" line="24"/>
        <source>Find</source>
        <translation>查找</translation>
    </message>
    <message>
        <location filename="../widgets/editor/findbar.cpp" line="25"/>
        <source>Replace with</source>
        <translation>替换为</translation>
    </message>
    <message>
        <location filename="../widgets/editor/findbar.cpp" line="26"/>
        <source>Next</source>
        <translation>下一个</translation>
    </message>
    <message>
        <location filename="../widgets/editor/findbar.cpp" line="27"/>
        <source>Previous</source>
        <translation>上一个</translation>
    </message>
    <message>
        <location filename="../widgets/editor/findbar.cpp" line="30"/>
        <source>Close (Esc)</source>
        <translation>关闭 (Esc)</translation>
    </message>
    <message>
        <location filename="../widgets/editor/findbar.cpp" line="33"/>
        <source>Find:</source>
        <translation>查找：</translation>
    </message>
    <message>
        <location filename="../widgets/editor/findbar.cpp" line="40"/>
        <source>Replace</source>
        <translation>替换</translation>
    </message>
    <message>
        <location filename="../widgets/editor/findbar.cpp" line="41"/>
        <source>Replace all</source>
        <translation>全部替换</translation>
    </message>
    <message>
        <location filename="../widgets/editor/findbar.cpp" line="44"/>
        <source>Replace:</source>
        <translation>替换：</translation>
    </message>
    <message>
        <location filename="../widgets/editor/findbar.cpp" line="88"/>
        <source>not found</source>
        <translation>未找到</translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/editor/findbar.cpp" line="124"/>
        <source>%n replaced</source>
        <translation>
            <numerusform>已替换 %n 处</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FrontendOption</name>
    <message>
        <location filename="../engine/frontend/hfconfig/hfconfigfrontend.cpp" line="33"/>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <location filename="../engine/frontend/hfconfig/hfconfigfrontend.cpp" line="41"/>
        <source>Batch</source>
        <translation>批大小</translation>
    </message>
    <message>
        <location filename="../engine/frontend/hfconfig/hfconfigfrontend.cpp" line="49"/>
        <source>Tokens</source>
        <translation>词元数</translation>
    </message>
    <message>
        <location filename="../engine/frontend/hfconfig/hfconfigfrontend.cpp" line="58"/>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <location filename="../engine/frontend/hfconfig/hfconfigfrontend.cpp" line="66"/>
        <source>KV cache precision</source>
        <translation>KV 缓存精度</translation>
    </message>
    <message>
        <location filename="../engine/frontend/llm/llmoptions.cpp" line="18"/>
        <source>Endpoint</source>
        <translation>端点</translation>
    </message>
    <message>
        <location filename="../engine/frontend/llm/llmoptions.cpp" line="20"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../engine/frontend/llm/llmoptions.cpp" line="26"/>
        <source>API key variable</source>
        <translation>API 密钥变量</translation>
    </message>
    <message>
        <location filename="../engine/frontend/llm/llmoptions.cpp" line="32"/>
        <source>Attempts</source>
        <translation>尝试次数</translation>
    </message>
    <message>
        <location filename="../engine/frontend/llm/llmoptions.cpp" line="39"/>
        <source>Timeout (s)</source>
        <translation>超时（秒）</translation>
    </message>
    <message>
        <location filename="../engine/frontend/llm/llmoptions.cpp" line="46"/>
        <source>Cache folder</source>
        <translation>缓存文件夹</translation>
    </message>
    <message>
        <location filename="../engine/frontend/solexec/solexecfrontend.cpp" line="32"/>
        <source>Workload</source>
        <translation>工作负载</translation>
    </message>
</context>
<context>
    <name>FrontendOptionBar</name>
    <message>
        <location filename="../widgets/editor/frontendoptionbar.cpp" line="158"/>
        <source>(none: %1)</source>
        <translation>（无：%1）</translation>
    </message>
</context>
<context>
    <name>FrontendSelector</name>
    <message>
        <location filename="../widgets/editor/frontendselector.cpp" line="29"/>
        <source>Sources (%1)</source>
        <translation>源文件 (%1)</translation>
    </message>
    <message>
        <location filename="../widgets/editor/frontendselector.cpp" line="31"/>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../widgets/editor/frontendselector.cpp" line="38"/>
        <source>Automatic (PyTorch and JAX files traced, ALIR as written)</source>
        <translation>自动（追踪 PyTorch 和 JAX 文件，ALIR 按原样）</translation>
    </message>
    <message>
        <location filename="../engine/frontend/pytorch/pytorchfrontend.cpp" line="17"/>
        <source>PyTorch trace</source>
        <translation>PyTorch 追踪</translation>
    </message>
    <message>
        <location filename="../engine/frontend/jax/jaxfrontend.cpp" line="18"/>
        <source>JAX trace (jaxpr)</source>
        <translation>JAX 追踪（jaxpr）</translation>
    </message>
    <message>
        <location filename="../engine/frontend/alir/alirfrontend.cpp" line="16"/>
        <source>ALIR as written</source>
        <translation>按原样的 ALIR</translation>
    </message>
    <message>
        <location filename="../engine/frontend/llm/llmfrontend.cpp" line="200"/>
        <source>LLM (any source, validated when a reference runs)</source>
        <translation>LLM（任意源代码，有参考运行时进行验证）</translation>
    </message>
    <message>
        <location filename="../widgets/editor/frontendselector.cpp" line="42"/>
        <source>How the source becomes ALIR</source>
        <translation>源代码如何转为 ALIR</translation>
    </message>
    <message>
        <location filename="../engine/frontend/hfconfig/hfconfigfrontend.cpp" line="19"/>
        <source>Hugging Face config.json</source>
        <translation>Hugging Face config.json</translation>
    </message>
    <message>
        <location filename="../engine/frontend/onnx/onnxfrontend.cpp" line="30"/>
        <source>ONNX model</source>
        <translation>ONNX 模型</translation>
    </message>
    <message>
        <location filename="../engine/frontend/solexec/solexecfrontend.cpp" line="18"/>
        <source>SOL-ExecBench problem</source>
        <translation>SOL-ExecBench 问题</translation>
    </message>
</context>
<context>
    <name>GraphPane</name>
    <message>
        <location filename="../widgets/graph/graphpane.cpp" line="24"/>
        <source>Find operator…</source>
        <translation>查找算子…</translation>
    </message>
    <message>
        <location filename="../widgets/graph/graphpane.cpp" line="25"/>
        <source>Name, kind, equation, ATen op or module path; Enter jumps to the next match</source>
        <translation>名称、类型、方程、ATen 算子或模块路径；回车跳到下一个匹配</translation>
    </message>
    <message>
        <location filename="../widgets/graph/graphpane.cpp" line="27"/>
        <source>Colour by bottleneck</source>
        <translation>按瓶颈着色</translation>
    </message>
    <message>
        <location filename="../widgets/graph/graphpane.cpp" line="28"/>
        <source>Colour by share of time</source>
        <translation>按时间占比着色</translation>
    </message>
    <message>
        <location filename="../widgets/graph/graphpane.cpp" line="29"/>
        <source>Fit</source>
        <translation>适应</translation>
    </message>
    <message>
        <location filename="../widgets/graph/graphpane.cpp" line="47"/>
        <source>No operator matches &apos;%1&apos;</source>
        <translation>没有与“%1”匹配的算子</translation>
    </message>
    <message>
        <location filename="../widgets/graph/graphpane.cpp" line="49"/>
        <source>Match %1 of %2 for &apos;%3&apos; (Enter: next)</source>
        <translation>“%3”的第 %1 个匹配，共 %2 个（回车：下一个）</translation>
    </message>
</context>
<context>
    <name>GraphView</name>
    <message numerus="yes">
        <location filename="../widgets/graph/graphview.cpp" line="145"/>
        <source>Laying out %n operator(s)…</source>
        <translation>
            <numerusform>正在布局 %n 个算子…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HardwareCaption</name>
    <message>
        <location filename="../render/hardwarecaption.cpp" line="19"/>
        <source>%1 (what-if: %2)</source>
        <translation>%1（假设：%2）</translation>
    </message>
</context>
<context>
    <name>HardwarePane</name>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="71"/>
        <source>Profile:</source>
        <translation>配置：</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="80"/>
        <source>What if (factor on the profile&apos;s value)</source>
        <translation>假设分析（对配置值的倍数）</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="86"/>
        <source>DRAM bandwidth</source>
        <translation>DRAM 带宽</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="86"/>
        <source>Tensor-core peaks</source>
        <translation>Tensor Core 峰值</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="86"/>
        <source>SIMT peaks</source>
        <translation>SIMT 峰值</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="86"/>
        <source>On-chip capacity</source>
        <translation>片上容量</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="86"/>
        <source>Clock</source>
        <translation>时钟</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="134"/>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="139"/>
        <source>Target latency (inverse roofline)</source>
        <translation>目标延迟（逆屋顶线）</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="149"/>
        <source>Apply bandwidth</source>
        <translation>应用带宽</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="150"/>
        <source>Sets the DRAM bandwidth slider to the bandwidth the target needs at today&apos;s compute</source>
        <translation>将 DRAM 带宽滑块设为在当前算力下达到目标所需的带宽</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="151"/>
        <source>Apply compute</source>
        <translation>应用算力</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="152"/>
        <source>Sets the Clock slider, which scales every compute peak, to the factor the target needs</source>
        <translation>将时钟滑块（缩放所有计算峰值）设为达到目标所需的倍数</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="153"/>
        <source>Apply on-chip</source>
        <translation>应用片上容量</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="166"/>
        <source>Save as user profile…</source>
        <translation>另存为用户配置文件…</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="167"/>
        <source>Save the profile with the sliders&apos; values as a user profile (offered in Compare and the overlays)</source>
        <translation>将带有滑块值的配置文件保存为用户配置文件（可在比较和叠加中使用）</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="289"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="141"/>
        <source>Target:</source>
        <translation>目标：</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="54"/>
        <source>none (e.g. 190 µs)</source>
        <translation>无（例如 190 µs）</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="72"/>
        <source>Calibrate this machine…</source>
        <translation>校准本机…</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="73"/>
        <source>Measure this computer&apos;s CPU (compute, memory bandwidth, caches, the eager per-op floor) and save it as the user profile &apos;host&apos;, to bound models on the hardware in front of you and check the bounds with &apos;solar measure&apos;</source>
        <translation>测量本机 CPU（算力、内存带宽、缓存、eager 模式下每个算子的最短时间）并保存为用户配置“host”，以便在眼前的硬件上为模型求界限，并用“solar measure”检验这些界限</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="86"/>
        <source>Link bandwidth</source>
        <translation>互连带宽</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="88"/>
        <source>DRAM bandwidth: scales the memory roof and every level&apos;s memory time</source>
        <translation>DRAM 带宽：缩放内存屋顶和每一级的内存时间</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="89"/>
        <source>Every tensor-core peak (all precisions): scales the tensor compute roofs</source>
        <translation>所有张量核心峰值（全部精度）：缩放张量计算屋顶</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="90"/>
        <source>Every SIMT (CUDA-core) peak: scales elementwise work and SIMT contractions</source>
        <translation>所有 SIMT（CUDA 核心）峰值：缩放逐元素运算和 SIMT 缩并</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="91"/>
        <source>On-chip capacity (registers, shared memory, L2): changes the cache-aware level (F4) only</source>
        <translation>片上容量（寄存器、共享内存、L2）：只影响缓存感知级别 (F4)</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="92"/>
        <source>The clock: scales every compute peak together (bandwidth is not clock-bound)</source>
        <translation>时钟：同时缩放所有计算峰值（带宽不受时钟约束）</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="93"/>
        <source>Every link between devices (NVLink, InfiniBand): changes the collectives of a program split over devices only</source>
        <translation>设备之间的每条互连（NVLink、InfiniBand）：只影响拆分到多设备的程序的集合通信</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="101"/>
        <source> (×0.01 to ×100 of the profile&apos;s value)</source>
        <translation>（配置值的 ×0.01 到 ×100）</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="108"/>
        <source>Type the factor on the profile&apos;s value</source>
        <translation>输入相对配置值的倍数</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="109"/>
        <source> factor</source>
        <translation> 倍数</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="145"/>
        <source>Level:</source>
        <translation>级别：</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="197"/>
        <source> (user)</source>
        <translation>（用户）</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="290"/>
        <source>This profile has no tensor-core peak</source>
        <translation>此配置文件没有张量核心峰值</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="291"/>
        <source>Every tensor-core peak the slider scales: %1</source>
        <translation>此滑块缩放的所有张量核心峰值：%1</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="293"/>
        <source>Every SIMT peak the slider scales: %1</source>
        <translation>此滑块缩放的所有 SIMT 峰值：%1</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="299"/>
        <source>no link</source>
        <translation>无互连</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="300"/>
        <source>, per device and direction</source>
        <translation>，每设备每方向</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="301"/>
        <source>This profile states no link between devices</source>
        <translation>此配置未给出设备之间的互连</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="352"/>
        <source>Sets the on-chip capacity slider to the capacity the target needs</source>
        <translation>将片上容量滑块设为达到目标所需的容量</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="353"/>
        <source>On-chip capacity changes only the cache-aware level (F4): choose it as the target level</source>
        <translation>片上容量只影响缓存感知级别（F4）：请将其选为目标级别</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="362"/>
        <source>Enter a target latency to see what hardware reaches it.</source>
        <translation>输入目标延迟，查看何种硬件能达到。</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="392"/>
        <source>Each of the %1 devices of the Devices pane, for its share of the program:</source>
        <translation>设备面板中的 %1 个设备，每个设备对应其承担的那部分程序：</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="394"/>
        <source>For one device: the Devices plan (%1) is not solved for here; &apos;solar inverse --tp N&apos; and the Devices pane give its bounds.</source>
        <translation>针对单个设备：此处不求解设备方案（%1）；&apos;solar inverse --tp N&apos; 和设备面板给出其界限。</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="397"/>
        <source>Now: %1 at %2; target %3.</source>
        <translation>当前：%1（%2）；目标 %3。</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="400"/>
        <source>Bandwidth needed at today&apos;s compute: %1.</source>
        <translation>按当前算力所需带宽：%1。</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="401"/>
        <source>No bandwidth reaches it: %1</source>
        <translation>任何带宽都无法达到：%1</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="405"/>
        <source>Compute needed at today&apos;s bandwidth: ×%1 every peak (the top one %2 → %3).</source>
        <translation>在当前带宽下所需计算：每个峰值 ×%1（最高的 %2 → %3）。</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="412"/>
        <source>Necessary whatever the rest: %1 and ×%2 compute (top peak %3).</source>
        <translation>无论其他条件如何都必需：%1 和 ×%2 计算（最高峰值 %3）。</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="408"/>
        <source>No compute reaches it: %1</source>
        <translation>任何算力都无法达到：%1</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="410"/>
        <source>On-chip capacity needed: %1.</source>
        <translation>所需片上容量：%1。</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="411"/>
        <source>No on-chip capacity reaches it: %1</source>
        <translation>任何片上容量都无法达到：%1</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="417"/>
        <source>No link bandwidth reaches it: %1</source>
        <translation>没有任何互连带宽能达到：%1</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="419"/>
        <source>Links: nothing is exchanged, so they do not matter.</source>
        <translation>互连：没有数据交换，因此无关紧要。</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="421"/>
        <source>Links needed (collectives overlapped): ×%1 today&apos;s, %2 within a node%3.</source>
        <translation>所需互连（集合通信重叠）：当前的 ×%1，节点内 %2%3。</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="423"/>
        <source>, %1 between nodes</source>
        <translation>，节点间 %1</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="460"/>
        <source>No profile to save.</source>
        <translation>没有可保存的配置。</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="487"/>
        <source>Save user profile</source>
        <translation>保存用户配置</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="487"/>
        <source>Profile id (letters, digits, dashes):</source>
        <translation>配置 ID（字母、数字、连字符）：</translation>
    </message>
    <message>
        <location filename="../widgets/hardware/hardwarepane.cpp" line="494"/>
        <source>Save failed</source>
        <translation>保存失败</translation>
    </message>
</context>
<context>
    <name>InsightsModel</name>
    <message>
        <location filename="../widgets/insights/insightsmodel.cpp" line="27"/>
        <source>fusion</source>
        <translation>融合</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightsmodel.cpp" line="28"/>
        <source>precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightsmodel.cpp" line="29"/>
        <source>capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightsmodel.cpp" line="30"/>
        <source>launch</source>
        <translation>启动</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightsmodel.cpp" line="31"/>
        <source>measured gap</source>
        <translation>实测差距</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightsmodel.cpp" line="91"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightsmodel.cpp" line="92"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightsmodel.cpp" line="93"/>
        <source>Saved</source>
        <translation>节省</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightsmodel.cpp" line="94"/>
        <source>Of reference</source>
        <translation>占参考时间</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightsmodel.cpp" line="95"/>
        <source>Lines</source>
        <translation>行</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightsmodel.cpp" line="96"/>
        <source>Opportunity</source>
        <translation>优化机会</translation>
    </message>
</context>
<context>
    <name>InsightsPane</name>
    <message>
        <location filename="../widgets/insights/insightspane.cpp" line="53"/>
        <source>Load profiler trace…</source>
        <translation>加载性能分析记录…</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightspane.cpp" line="54"/>
        <source>Clear trace</source>
        <translation>清除性能分析记录</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightspane.cpp" line="70"/>
        <source>A Chrome trace from torch.profiler (prof.export_chrome_trace) of this model at these sizes: its ops&apos; measured times are matched to the operators</source>
        <translation>本模型在当前尺寸下由 torch.profiler 生成的 Chrome trace(prof.export_chrome_trace):其算子的实测时间将匹配到各运算符</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightspane.cpp" line="93"/>
        <source>Reference %1 (%2); speed of light %3. Recoverable in all: &lt;b&gt;%4&lt;/b&gt; (%5% of the reference; alternatives counted once).</source>
        <translation>参考时间 %1(%2);光速界 %3。总计可节省:&lt;b&gt;%4&lt;/b&gt;(占参考时间 %5%;互为替代的方案只计一次)。</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightspane.cpp" line="97"/>
        <source>measured: %1</source>
        <translation>实测:%1</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightspane.cpp" line="98"/>
        <source>the eager model, no measurement</source>
        <translation>eager 模型,无实测</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightspane.cpp" line="104"/>
        <source>At most %1: the reference down to the lowest speed of light, %2 (%3).</source>
        <translation>至多 %1：从参考时间降至最低光速 %2（%3）。</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightspane.cpp" line="107"/>
        <source>fused, with the fastest precision alternative listed</source>
        <translation>融合，采用所列最快的精度替代方案</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightspane.cpp" line="108"/>
        <source>fused, at the analysed precision</source>
        <translation>融合，采用所分析的精度</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightspane.cpp" line="110"/>
        <source>&lt;b&gt;What-if hardware&lt;/b&gt; (%1): every time here is on the changed machine.</source>
        <translation>&lt;b&gt;假设硬件&lt;/b&gt;（%1）：此处所有时间均基于修改后的机器。</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightspane.cpp" line="114"/>
        <source>Trace: %1 of ATen time matched to the operators (%2%), %3 not.</source>
        <translation>Trace:%1 的 ATen 时间已匹配到运算符(%2%),%3 未匹配。</translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/insights/insightspane.cpp" line="119"/>
        <source>%n smaller opportunity(ies) not listed.</source>
        <translation>
            <numerusform>另有 %n 个较小的机会未列出。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightspane.cpp" line="122"/>
        <source>No opportunity above 0.5 % of the reference.</source>
        <translation>没有超过参考时间 0.5% 的优化机会。</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightspane.cpp" line="123"/>
        <source>Select an opportunity to see how its estimate follows from the bounds.</source>
        <translation>选择一个优化机会,查看其估计如何由各级界限得出。</translation>
    </message>
    <message>
        <location filename="../widgets/insights/insightspane.cpp" line="130"/>
        <source>No analysis yet.</source>
        <translation>尚无分析。</translation>
    </message>
</context>
<context>
    <name>IrPane</name>
    <message>
        <location filename="../widgets/editor/irpane.cpp" line="16"/>
        <source>Edit as ALIR</source>
        <translation>作为 ALIR 编辑</translation>
    </message>
    <message>
        <location filename="../widgets/editor/irpane.cpp" line="17"/>
        <source>Analyse this IR</source>
        <translation>分析此 IR</translation>
    </message>
    <message>
        <location filename="../widgets/editor/irpane.cpp" line="24"/>
        <source>Open this program in the editor as ALIR, to change it and analyse it</source>
        <translation>在编辑器中以 ALIR 打开此程序，以便修改和分析</translation>
    </message>
    <message>
        <location filename="../widgets/editor/irpane.cpp" line="53"/>
        <source>&lt;b style=&quot;color:%1&quot;&gt;%2&lt;/b&gt; %3&lt;br&gt;&lt;small&gt;%4&lt;/small&gt;</source>
        <translation>&lt;b style=&quot;color:%1&quot;&gt;%2&lt;/b&gt; %3&lt;br&gt;&lt;small&gt;%4&lt;/small&gt;</translation>
    </message>
    <message>
        <location filename="../widgets/editor/irpane.cpp" line="55"/>
        <source>(as written; editable here)</source>
        <translation>（按原样；可在此编辑）</translation>
    </message>
    <message>
        <location filename="../widgets/editor/irpane.cpp" line="55"/>
        <source>(generated by a frontend, read-only)</source>
        <translation>（由前端生成，只读）</translation>
    </message>
    <message>
        <location filename="../widgets/editor/irpane.cpp" line="65"/>
        <source>No program analysed yet.</source>
        <translation>尚未分析任何程序。</translation>
    </message>
</context>
<context>
    <name>LlmSettingsDialog</name>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="23"/>
        <source>LLM frontend settings</source>
        <translation>LLM 前端设置</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="25"/>
        <source>Any OpenAI-compatible endpoint: hosted APIs, vLLM, llama.cpp server, Ollama (…/v1)</source>
        <translation>任意兼容 OpenAI 的端点：托管 API、vLLM、llama.cpp 服务器、Ollama（…/v1）</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="26"/>
        <source>The name of the environment variable that holds the API key; empty for servers without keys. The key itself is never stored by SOLAR Studio.</source>
        <translation>保存 API 密钥的环境变量名称；无需密钥的服务器留空。SOLAR Studio 从不保存密钥本身。</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="32"/>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="37"/>
        <source>Base URL:</source>
        <translation>基础 URL：</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="38"/>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="39"/>
        <source>API key variable:</source>
        <translation>API 密钥变量：</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="41"/>
        <source>Temperature:</source>
        <translation>温度：</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="42"/>
        <source>Timeout per request:</source>
        <translation>每个请求的超时：</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="43"/>
        <source>Attempts (feedback rounds):</source>
        <translation>尝试次数（反馈轮数）：</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="56"/>
        <source>No key is sent.</source>
        <translation>不发送密钥。</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="59"/>
        <source>&lt;span style=&quot;color:{error}&quot;&gt;%1 is not set in SOLAR Studio&apos;s environment.&lt;/span&gt;</source>
        <translation>&lt;span style=&quot;color:{error}&quot;&gt;SOLAR Studio 的环境中未设置 %1。&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../widgets/llm/llmsettingsdialog.cpp" line="61"/>
        <source>%1 is set (its value is not shown).</source>
        <translation>%1 已设置（其值不显示）。</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="71"/>
        <location filename="../app/studio/mainwindow.cpp" line="185"/>
        <source>Cancel</source>
        <translation>取消</translation>
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
        <translation>Einsum 图</translation>
    </message>
    <message>
        <location filename="../app/studio/docklayout.cpp" line="48"/>
        <source>Roofline</source>
        <translation>屋顶线</translation>
    </message>
    <message>
        <location filename="../app/studio/docklayout.cpp" line="63"/>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <location filename="../app/studio/docklayout.cpp" line="64"/>
        <source>Hardware</source>
        <translation>硬件</translation>
    </message>
    <message>
        <location filename="../app/studio/docklayout.cpp" line="52"/>
        <source>Operators</source>
        <translation>算子</translation>
    </message>
    <message>
        <location filename="../app/studio/docklayout.cpp" line="55"/>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <location filename="../app/studio/docklayout.cpp" line="56"/>
        <source>LLM transcript</source>
        <translation>LLM 记录</translation>
    </message>
    <message>
        <location filename="../app/studio/docklayout.cpp" line="58"/>
        <source>Compare hardware</source>
        <translation>比较硬件</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="144"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="145"/>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="146"/>
        <source>Open Problem &amp;Folder…</source>
        <translation>打开问题文件夹(&amp;F)…</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="147"/>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="148"/>
        <source>&amp;Examples</source>
        <translation>示例(&amp;E)</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="151"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="210"/>
        <source>Showing %1 while %2 is analysed: nothing here is about the file open.</source>
        <translation>正在分析 %2，此处显示的是 %1：这里的内容都与当前打开的文件无关。</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="220"/>
        <source>Opened %1; the profiler trace %2 was of %3 and was cleared</source>
        <translation>已打开 %1；性能分析跟踪 %2 属于 %3，已清除</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="301"/>
        <source>Save failed</source>
        <translation>保存失败</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="364"/>
        <source>Trace %1: %2% of its ATen time matched to the operators</source>
        <translation>Trace %1:其 ATen 时间的 %2% 已匹配到运算符</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="156"/>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="122"/>
        <source>Load a torch.profiler trace</source>
        <translation>加载 torch.profiler 性能分析记录</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="123"/>
        <source>Chrome traces (*.json *.pt.trace.json);;All files (*)</source>
        <translation>Chrome trace (*.json *.pt.trace.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="126"/>
        <source>Profiler trace</source>
        <translation>性能分析记录</translation>
    </message>
    <message>
        <location filename="../app/studio/docklayout.cpp" line="60"/>
        <source>Insights</source>
        <translation>优化建议</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="160"/>
        <source>Save &amp;Project…</source>
        <translation>保存项目(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="162"/>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="167"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="171"/>
        <source>&amp;Analysis</source>
        <translation>分析(&amp;A)</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="172"/>
        <source>&amp;Analyse</source>
        <translation>分析(&amp;A)</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="174"/>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="176"/>
        <source>Save hardware as &amp;user profile…</source>
        <translation>将硬件保存为用户配置(&amp;U)…</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="177"/>
        <source>&amp;LLM settings…</source>
        <translation>LLM 设置(&amp;L)…</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="187"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../app/studio/translations.cpp" line="81"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location filename="../app/studio/translations.cpp" line="84"/>
        <source>System default</source>
        <translation>系统默认</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="191"/>
        <source>The language changes at the next start of SOLAR Studio</source>
        <translation>语言将在 SOLAR Studio 下次启动时更改</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="234"/>
        <location filename="../app/studio/mainwindow.cpp" line="252"/>
        <source>Open failed</source>
        <translation>打开失败</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="214"/>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="286"/>
        <source>Saved project %1</source>
        <translation>已保存项目 %1</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="240"/>
        <source>Open model, IR or project</source>
        <translation>打开模型、IR 或项目</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="247"/>
        <source>Open a problem folder (definition.json and workload.jsonl)</source>
        <translation>打开问题文件夹（definition.json 和 workload.jsonl）</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="260"/>
        <source>%1 holds no definition.json: a problem folder has definition.json and workload.jsonl</source>
        <translation>%1 中没有 definition.json：问题文件夹包含 definition.json 和 workload.jsonl</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="294"/>
        <source>Save project</source>
        <translation>保存项目</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="294"/>
        <source>SOLAR Studio projects (*.solar)</source>
        <translation>SOLAR Studio 项目 (*.solar)</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="332"/>
        <source>%1%2 — SOLAR Studio %3</source>
        <translation>%1%2 — SOLAR Studio %3</translation>
    </message>
    <message>
        <location filename="../app/studio/mainwindow.cpp" line="345"/>
        <source>No hardware profile: see Analysis → hardware</source>
        <translation>没有硬件配置：见“分析 → 硬件”</translation>
    </message>
</context>
<context>
    <name>MeasuredPlot</name>
    <message>
        <location filename="../render/measuredplot.cpp" line="34"/>
        <source>eager against fused (F3, speed of light)</source>
        <translation>eager 对比 fused（F3，光速界限）</translation>
    </message>
    <message>
        <location filename="../render/measuredplot.cpp" line="36"/>
        <source>eager against unfused_per_kernel (F0, eager model)</source>
        <translation>eager 对比 unfused_per_kernel（F0，eager 模型）</translation>
    </message>
    <message>
        <location filename="../render/measuredplot.cpp" line="37"/>
        <source>torch.compile against fused (F3)</source>
        <translation>torch.compile 对比 fused（F3）</translation>
    </message>
    <message>
        <location filename="../render/measuredplot.cpp" line="121"/>
        <source>below the line: measured &lt; bound (a violation)</source>
        <translation>线以下：实测 &lt; 界限（违反）</translation>
    </message>
    <message>
        <location filename="../render/measuredplot.cpp" line="126"/>
        <source>bound (seconds, at the sizes measured)</source>
        <translation>界限（秒，按实测时的规模）</translation>
    </message>
    <message>
        <location filename="../render/measuredplot.cpp" line="131"/>
        <source>measured (seconds, minimum of the timed runs)</source>
        <translation>实测（秒，各次计时运行的最小值）</translation>
    </message>
    <message>
        <location filename="../render/measuredplot.cpp" line="153"/>
        <source>%1: %2 problems, %3 below their bound</source>
        <translation>%1：%2 个问题，%3 个低于其界限</translation>
    </message>
</context>
<context>
    <name>OperatorPane</name>
    <message>
        <location filename="../widgets/analysis/operatorpane.cpp" line="58"/>
        <source>Times are each level&apos;s share of the bound; click a header to sort</source>
        <translation>时间是各级别界限中的份额；点击表头排序</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatorpane.cpp" line="59"/>
        <source>Filter operators (name, module, op, kind, equation)…</source>
        <translation>筛选算子（名称、模块、算子、类型、方程）…</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatorpane.cpp" line="61"/>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatorpane.cpp" line="82"/>
        <source>&lt;b&gt;What-if hardware&lt;/b&gt; (%1): the times are on the changed machine.</source>
        <translation>&lt;b&gt;假设硬件&lt;/b&gt;（%1）：这些时间基于修改后的机器。</translation>
    </message>
</context>
<context>
    <name>OperatorTableModel</name>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="103"/>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="103"/>
        <source>memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="125"/>
        <source>%1 — %2%3%4</source>
        <translation>%1 — %2%3%4</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="127"/>
        <source> in %1</source>
        <translation>，位于 %1</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="128"/>
        <source>, source line %1</source>
        <translation>，源代码第 %1 行</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="128"/>
        <source>, ALIR line %1</source>
        <translation>，ALIR 第 %1 行</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="130"/>
        <source>Some count of this operator is a lower bound (see the coverage notes).</source>
        <translation>该算子的某项计数是下界（见覆盖说明）。</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="143"/>
        <source>Operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="144"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="145"/>
        <source>Equation</source>
        <translation>方程</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="146"/>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="147"/>
        <source>Op</source>
        <translation>源算子</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="148"/>
        <source>Module</source>
        <translation>模块</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="149"/>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="150"/>
        <source>FLOPs</source>
        <translation>FLOPs</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="151"/>
        <source>Bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="152"/>
        <source>FLOP/B</source>
        <translation>FLOP/B</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="153"/>
        <source>F0 unfused/kernel</source>
        <translation>F0 非融合/内核</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="154"/>
        <source>F1 overlapped</source>
        <translation>F1 重叠</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="155"/>
        <source>F2 fused/op</source>
        <translation>F2 融合/算子</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="156"/>
        <source>F3 fused</source>
        <translation>F3 融合</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="157"/>
        <source>F4 cache-aware</source>
        <translation>F4 感知缓存</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="158"/>
        <source>Bottleneck</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="159"/>
        <source>Share of %1</source>
        <translation>占 %1 的比例</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="160"/>
        <source>Measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/operatortablemodel.cpp" line="161"/>
        <source>% of SOL</source>
        <translation>占 SOL 的 %</translation>
    </message>
</context>
<context>
    <name>ParallelPane</name>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="37"/>
        <source>Split the program over this many devices of the profile (tensor parallel, derived from the program)</source>
        <translation>将程序拆分到该配置的这么多设备上（张量并行，由程序推导）</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="38"/>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="43"/>
        <source>Cut the program&apos;s statements into this many pipeline stages, each over the devices above</source>
        <translation>将程序的语句切分为这么多流水线阶段，每个阶段使用上面的设备</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="44"/>
        <source>Pipeline stages</source>
        <translation>流水线阶段</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="45"/>
        <source>The micro-batches a step runs as through the pipeline (its fill and drain)</source>
        <translation>一步在流水线中分成的微批次（其填充与排空）</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="46"/>
        <source>Micro-batches</source>
        <translation>微批次</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="47"/>
        <source>Data-parallel replicas: the inputs cut along their first dimension, sums over it all-reduced</source>
        <translation>数据并行副本：输入沿第一维切分，对其求和的结果做 all-reduce</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="48"/>
        <source>Data-parallel replicas</source>
        <translation>数据并行副本</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="49"/>
        <source>Expert parallelism: a mixture of experts&apos; matrices over this many devices, which also cut the tokens; tokens reach their experts all-to-all</source>
        <translation>专家并行：混合专家模型的矩阵分布到这么多设备上，这些设备也切分 token；token 通过 all-to-all 到达其专家</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="51"/>
        <source>Expert-parallel devices</source>
        <translation>专家并行设备</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="61"/>
        <source>Devices (tensor parallel):</source>
        <translation>设备（张量并行）：</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="62"/>
        <source>Pipeline stages:</source>
        <translation>流水线阶段：</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="63"/>
        <source>Micro-batches:</source>
        <translation>微批次：</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="64"/>
        <source>Data-parallel replicas:</source>
        <translation>数据并行副本：</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="65"/>
        <source>Expert-parallel devices:</source>
        <translation>专家并行设备：</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="184"/>
        <source>One device: set two or more to split the program over them.</source>
        <translation>单个设备：设置为两个或更多以拆分程序。</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="184"/>
        <source>No analysis yet.</source>
        <translation>尚无分析。</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="188"/>
        <source>Splitting over %1 devices…</source>
        <translation>正在拆分到 %1 个设备…</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="285"/>
        <source>Level</source>
        <translation>级别</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="285"/>
        <source>Per device</source>
        <translation>每设备</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="285"/>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="285"/>
        <source>Overlapped (bound)</source>
        <translation>重叠（界限）</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="286"/>
        <source>Serialised</source>
        <translation>串行</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="286"/>
        <source>Comm. share</source>
        <translation>通信占比</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="299"/>
        <source> (links bind)</source>
        <translation>（互连受限）</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="215"/>
        <source>%1 statements split, %2 run whole on every device; %3 collectives; each device holds %4 of %5%6; split %7</source>
        <translation>已拆分 %1 条语句，%2 条在每个设备上完整运行；%3 个集合通信；每个设备占用 %4 / %5%6；拆分%7</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="220"/>
        <location filename="../widgets/parallel/parallelpane.cpp" line="274"/>
        <source> (does not fit)</source>
        <translation>（放不下）</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="221"/>
        <source>validated</source>
        <translation>已验证</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="221"/>
        <source>NOT validated: the recombined outputs differ</source>
        <translation>未通过验证：重组后的输出不同</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="222"/>
        <source>not validated (see the notes)</source>
        <translation>未验证（见说明）</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="235"/>
        <source>Splitting over %1 devices (%2)…</source>
        <translation>正在切分到 %1 个设备（%2）…</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="252"/>
        <source>Splitting (%1): %2…</source>
        <translation>正在切分（%1）：%2…</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="269"/>
        <source>%1 devices (%2): %3 stages; a device holds %4 of %5%6; %7</source>
        <translation>%1 个设备（%2）：%3 个阶段；每个设备占用 %4 / %5%6；%7</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="276"/>
        <source>the splits that could run were validated (see the notes)</source>
        <translation>可运行的切分均已验证（见说明）</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="277"/>
        <source>not validated: no cut, stage or split could run (see the notes)</source>
        <translation>未验证：没有可运行的切分、阶段或分割（见说明）</translation>
    </message>
    <message>
        <location filename="../widgets/parallel/parallelpane.cpp" line="275"/>
        <source>NOT validated: a split&apos;s recombined outputs differ</source>
        <translation>未通过验证：某个切分重组后的输出不同</translation>
    </message>
</context>
<context>
    <name>Project</name>
    <message>
        <location filename="../app/studio/projectfile.cpp" line="64"/>
        <source>not valid JSON at byte %1: %2</source>
        <translation>第 %1 字节处不是有效的 JSON：%2</translation>
    </message>
    <message>
        <location filename="../app/studio/projectfile.cpp" line="67"/>
        <source>not a SOLAR Studio project (schema solar.project/1)</source>
        <translation>不是 SOLAR Studio 项目（模式 solar.project/1）</translation>
    </message>
    <message>
        <location filename="../app/studio/projectfile.cpp" line="70"/>
        <source>&apos;source.text&apos; is missing</source>
        <translation>缺少“source.text”</translation>
    </message>
    <message>
        <location filename="../app/studio/projectfile.cpp" line="79"/>
        <source>&apos;mode&apos; must be eager, graph or none</source>
        <translation>&apos;mode&apos; 必须是 eager、graph 或 none</translation>
    </message>
    <message>
        <location filename="../app/studio/projectfile.cpp" line="87"/>
        <source>&apos;frontend_options.%1&apos; is no frontend&apos;s option</source>
        <translation>“frontend_options.%1”不是任何前端的选项</translation>
    </message>
    <message>
        <location filename="../app/studio/projectfile.cpp" line="89"/>
        <source>&apos;frontend_options.%1&apos; must be a string</source>
        <translation>“frontend_options.%1”必须是字符串</translation>
    </message>
    <message>
        <location filename="../app/studio/projectfile.cpp" line="99"/>
        <source>&apos;workload&apos; must be a workload&apos;s uuid (a string)</source>
        <translation>&apos;workload&apos; 必须是某个工作负载的 uuid（字符串）</translation>
    </message>
    <message>
        <location filename="../app/studio/projectfile.cpp" line="106"/>
        <source>&apos;serving.phase&apos; must be prefill or decode</source>
        <translation>&apos;serving.phase&apos; 必须是 prefill 或 decode</translation>
    </message>
    <message>
        <location filename="../app/studio/projectfile.cpp" line="113"/>
        <source>&apos;serving.%1&apos; must be a positive whole number</source>
        <translation>&apos;serving.%1&apos; 必须是正整数</translation>
    </message>
    <message>
        <location filename="../app/studio/projectfile.cpp" line="122"/>
        <source>&apos;hardware.factors.%1&apos; must be a positive number</source>
        <translation>“hardware.factors.%1”必须是正数</translation>
    </message>
    <message>
        <location filename="../app/studio/projectfile.cpp" line="146"/>
        <source>&apos;devices.%1&apos; must be a whole number from 1 to 1048576</source>
        <translation>&apos;devices.%1&apos; 必须是 1 到 1048576 之间的整数</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../app/studio/main.cpp" line="64"/>
        <source>Open failed</source>
        <translation>打开失败</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="86"/>
        <location filename="../render/pdfreport.cpp" line="117"/>
        <source>Quantity</source>
        <translation>量</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="86"/>
        <source>Used (what-if)</source>
        <translation>使用值（假设）</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="86"/>
        <source>Stock profile</source>
        <translation>原始配置</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="86"/>
        <source>Factor</source>
        <translation>倍数</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="98"/>
        <source>in %1</source>
        <translation>位于 %1</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="117"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="117"/>
        <location filename="../render/pdfreport.cpp" line="256"/>
        <location filename="../render/pdfreport.cpp" line="388"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="118"/>
        <source>clock</source>
        <translation>时钟</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="121"/>
        <source> (dense)</source>
        <translation>（稠密）</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="123"/>
        <source>DRAM bandwidth</source>
        <translation>DRAM 带宽</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="124"/>
        <source>DRAM capacity</source>
        <translation>DRAM 容量</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="125"/>
        <source>L2</source>
        <translation>L2</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="126"/>
        <source>on-chip total</source>
        <translation>片上总计</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="141"/>
        <source>&lt;h3&gt;%1: what-if values used&lt;/h3&gt;&lt;p&gt;The bounds for %1 were computed with these values, not the stock ones listed after them.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;%1：使用的假设值&lt;/h3&gt;&lt;p&gt;%1 的界限是用这些值计算的，而不是后面列出的原始值。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="151"/>
        <source>Level</source>
        <translation>级别</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="151"/>
        <source>Bound</source>
        <translation>界限</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="151"/>
        <source>Bottleneck</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="151"/>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="152"/>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="152"/>
        <source>DRAM bytes</source>
        <translation>DRAM 字节</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="152"/>
        <source>FLOP/byte</source>
        <translation>FLOP/字节</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="154"/>
        <source>Headroom</source>
        <translation>余量</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="171"/>
        <source> — what-if values</source>
        <translation> — 假设值</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="187"/>
        <location filename="../render/pdfreport.cpp" line="480"/>
        <source>nothing to report</source>
        <translation>没有可报告的内容</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="192"/>
        <source>&lt;h1&gt;SOLAR Studio report&lt;/h1&gt;&lt;p&gt;&lt;b&gt;Program:&lt;/b&gt; %1 (%2)&lt;br&gt;&lt;b&gt;Date:&lt;/b&gt; %3&lt;br&gt;&lt;b&gt;Tool:&lt;/b&gt; SOLAR Studio %4&lt;br&gt;&lt;b&gt;Frontend:&lt;/b&gt; %5&lt;br&gt;&lt;b&gt;Validation:&lt;/b&gt; %6 — %7&lt;/p&gt;</source>
        <translation>&lt;h1&gt;SOLAR Studio 报告&lt;/h1&gt;&lt;p&gt;&lt;b&gt;程序：&lt;/b&gt;%1（%2）&lt;br&gt;&lt;b&gt;日期：&lt;/b&gt;%3&lt;br&gt;&lt;b&gt;工具：&lt;/b&gt;SOLAR Studio %4&lt;br&gt;&lt;b&gt;前端：&lt;/b&gt;%5&lt;br&gt;&lt;b&gt;验证：&lt;/b&gt;%6 — %7&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="205"/>
        <source>%1 %2 (stock %3)</source>
        <translation>%1 %2（原始 %3）</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="207"/>
        <source>&lt;p style=&quot;color:{caution}&quot;&gt;&lt;b&gt;What-if hardware:&lt;/b&gt; the bounds for %1 use values that differ from its stock profile: %2. Both are listed under Hardware.&lt;/p&gt;</source>
        <translation>&lt;p style=&quot;color:{caution}&quot;&gt;&lt;b&gt;假设硬件：&lt;/b&gt;%1 的界限使用了与其原始配置不同的值：%2。两者都列在“硬件”下。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="211"/>
        <source>&lt;p&gt;&lt;b&gt;Work:&lt;/b&gt; %1 multiply-accumulates, %2 in total, %3 elementwise operations (1 MAC = 2 FLOP).&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;工作量：&lt;/b&gt;%1 次乘加，共 %2，%3 次逐元素运算（1 MAC = 2 FLOP）。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="215"/>
        <source>&lt;p&gt;&lt;b&gt;Least contraction order.&lt;/b&gt; %1&lt;/p&gt;&lt;ul&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;代价最小的缩并顺序。&lt;/b&gt; %1&lt;/p&gt;&lt;ul&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="221"/>
        <source>&lt;h2&gt;Bound ladder&lt;/h2&gt;&lt;p&gt;Each level is a lower bound on the runtime; a measured time below one is a SOL violation.%1&lt;/p&gt;</source>
        <translation>&lt;h2&gt;界限阶梯&lt;/h2&gt;&lt;p&gt;每一级都是运行时间的下界；低于它的实测时间即为 SOL 违例。%1&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="223"/>
        <source> Measured: %1; headroom = measured / bound.</source>
        <translation> 实测：%1；余量 = 实测 / 界限。</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="230"/>
        <source>&lt;p&gt;&lt;b&gt;SOL violation&lt;/b&gt; at %1: the measured time is below the bound.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;SOL 违例&lt;/b&gt;（%1）：实测时间低于界限。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="238"/>
        <source>Profile</source>
        <translation>配置</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="238"/>
        <source>fused bound</source>
        <translation>融合界限</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="238"/>
        <source>speedup</source>
        <translation>加速比</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="238"/>
        <source>bottleneck</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="243"/>
        <source>&lt;h2&gt;Cross-hardware comparison&lt;/h2&gt;&lt;p&gt;Baseline: %1.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;跨硬件比较&lt;/h2&gt;&lt;p&gt;基准：%1。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="245"/>
        <source>&lt;p&gt;Where the bottleneck moves:&lt;/p&gt;&lt;ul&gt;</source>
        <translation>&lt;p&gt;瓶颈的变化：&lt;/p&gt;&lt;ul&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="256"/>
        <location filename="../render/pdfreport.cpp" line="388"/>
        <source>Operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="256"/>
        <location filename="../render/pdfreport.cpp" line="291"/>
        <location filename="../render/pdfreport.cpp" line="388"/>
        <source>Kind</source>
        <translation>类型</translation>
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
        <translation>字节</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="257"/>
        <source>F0 time</source>
        <translation>F0 时间</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="257"/>
        <source>Share (fused)</source>
        <translation>占比（融合）</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="257"/>
        <source>Bound by</source>
        <translation>受限于</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="272"/>
        <source>&lt;h2&gt;Optimisation opportunities&lt;/h2&gt;&lt;p&gt;Taken from %1 (%2) down to the speed of light %3: %4 recoverable in all; the kinds are disjoint segments of the bound ladder and alternatives count once, so the savings add up.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;优化机会&lt;/h2&gt;&lt;p&gt;从 %1(%2)到光速界 %3:总计可节省 %4;各类机会是界限阶梯上互不重叠的区段,互为替代的方案只计一次,因此节省可以相加。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="276"/>
        <source>measured: %1</source>
        <translation>实测:%1</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="277"/>
        <source>the eager model; no measurement</source>
        <translation>eager 模型;无实测</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="279"/>
        <source>&lt;p&gt;The total is at most %1: the reference down to the lowest speed of light, %2 (fused%3).&lt;/p&gt;</source>
        <translation>&lt;p&gt;总计至多 %1：从参考时间降至最低光速 %2（融合%3）。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="282"/>
        <source>, with the fastest precision alternative listed</source>
        <translation>，采用所列最快的精度替代方案</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="285"/>
        <source>&lt;p&gt;Profiler trace %1: %2 of ATen time matched to the operators, %3 not.&lt;/p&gt;</source>
        <translation>&lt;p&gt;性能分析记录 %1:%2 的 ATen 时间已匹配到运算符,%3 未匹配。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="289"/>
        <source>&lt;p&gt;No opportunity above 0.5 % of the reference.&lt;/p&gt;</source>
        <translation>&lt;p&gt;没有超过参考时间 0.5% 的优化机会。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="291"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="291"/>
        <source>Saved</source>
        <translation>节省</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="291"/>
        <source>Lines</source>
        <translation>行</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="292"/>
        <source>Opportunity and evidence</source>
        <translation>优化机会与依据</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="330"/>
        <source>&lt;b&gt;approximate&lt;/b&gt; — every operation is counted, some as lower bounds (below)</source>
        <translation>&lt;b&gt;近似&lt;/b&gt; — 每个运算都已计入，部分为下界（见下文）</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="336"/>
        <source> (ALIR line %1): </source>
        <translation>（ALIR 第 %1 行）：</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="446"/>
        <source>Einsum graph (%1 operators)</source>
        <translation>Einsum 图（%1 个算子）</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="453"/>
        <source>%1, page %2 of %3 (row %4, column %5)</source>
        <translation>%1，第 %2 页，共 %3 页（第 %4 行，第 %5 列）</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="468"/>
        <source>%1: overview; every operator is listed under All operators</source>
        <translation>%1：概览；每个算子都列在“所有算子”下</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="100"/>
        <source> line %1</source>
        <translation> 第 %1 行</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="263"/>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="263"/>
        <source>memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="266"/>
        <source>&lt;h2&gt;Top operators&lt;/h2&gt;&lt;p&gt;%1 operators; the 15 with the largest share of the fused bound.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;主要算子&lt;/h2&gt;&lt;p&gt;共 %1 个算子；列出在融合界限中占比最大的 15 个。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="311"/>
        <source>&lt;h2&gt;Inverse roofline&lt;/h2&gt;&lt;p&gt;Target %1 at the fused level (now %2) on %3:&lt;/p&gt;&lt;ul&gt;</source>
        <translation>&lt;h2&gt;逆屋顶线&lt;/h2&gt;&lt;p&gt;目标 %1（融合级，当前 %2），硬件 %3：&lt;/p&gt;&lt;ul&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="314"/>
        <source>DRAM bandwidth needed at today&apos;s compute: %1</source>
        <translation>按当前算力所需 DRAM 带宽：%1</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="315"/>
        <source>no bandwidth reaches it: %1</source>
        <translation>任何带宽都无法达到：%1</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="318"/>
        <source>compute needed at today&apos;s bandwidth: ×%1 on every peak</source>
        <translation>按当前带宽所需算力：每个峰值 ×%1</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="319"/>
        <source>no compute reaches it: %1</source>
        <translation>任何算力都无法达到：%1</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="321"/>
        <source>necessary whatever the rest: %1 and ×%2 compute</source>
        <translation>无论其余如何都必需：%1 与 ×%2 算力</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="327"/>
        <source>&lt;h2&gt;Coverage and assumptions&lt;/h2&gt;&lt;p&gt;Coverage: %1.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;覆盖与假设&lt;/h2&gt;&lt;p&gt;覆盖：%1。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="331"/>
        <source>complete — every operation is counted</source>
        <translation>完整 — 每个运算都已计入</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="328"/>
        <source>&lt;b&gt;INCOMPLETE&lt;/b&gt; — see below</source>
        <translation>&lt;b&gt;不完整&lt;/b&gt; — 见下文</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="335"/>
        <source>approximated (a lower bound): </source>
        <translation>近似（下界）：</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="335"/>
        <source>&lt;b&gt;not counted&lt;/b&gt;: </source>
        <translation>&lt;b&gt;未计入&lt;/b&gt;：</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="336"/>
        <source> (line %1): </source>
        <translation>（第 %1 行）：</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="341"/>
        <source>Not covered by any bound: </source>
        <translation>任何界限均未涵盖：</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="342"/>
        <source>&lt;ul&gt;&lt;li&gt;Precision policy: %1&lt;/li&gt;&lt;li&gt;Cache assumption: %2&lt;/li&gt;&lt;li&gt;On-chip capacity: %3 (%4)&lt;/li&gt;&lt;li&gt;Peaks are dense (never 2:4 sparse); each number&apos;s source is listed under Hardware.&lt;/li&gt;%5&lt;/ul&gt;</source>
        <translation>&lt;ul&gt;&lt;li&gt;精度策略：%1&lt;/li&gt;&lt;li&gt;缓存假设：%2&lt;/li&gt;&lt;li&gt;片上容量：%3（%4）&lt;/li&gt;&lt;li&gt;峰值均为稠密值（从不是 2:4 稀疏）；每个数字的来源列在“硬件”一节。&lt;/li&gt;%5&lt;/ul&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="348"/>
        <source>&lt;h2&gt;Hardware&lt;/h2&gt;</source>
        <translation>&lt;h2&gt;硬件&lt;/h2&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="356"/>
        <source>cannot paint the report</source>
        <translation>无法绘制报告</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="388"/>
        <source>Equation</source>
        <translation>方程</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="395"/>
        <source>&lt;h2&gt;All operators&lt;/h2&gt;&lt;p&gt;The einsum graph&apos;s drawing would take %1 pages at a readable size; the report shows it as a one-page overview (boxes and edges, no labels) and lists every one of its %2 operators here.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;所有算子&lt;/h2&gt;&lt;p&gt;以可读大小绘制 einsum 图需要 %1 页；报告以一页概览（方框和边，无标签）显示，并在此列出全部 %2 个算子。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="416"/>
        <source>SOLAR Studio report — %1 — Page %2 of %3</source>
        <translation>SOLAR Studio 报告 — %1 — 第 %2 页，共 %3 页</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="430"/>
        <source>Roofline (per-kernel level, %1)</source>
        <translation>屋顶线（逐内核级，%1）</translation>
    </message>
    <message>
        <location filename="../render/pdfreport.cpp" line="488"/>
        <source>SOLAR Studio report: %1</source>
        <translation>SOLAR Studio 报告：%1</translation>
    </message>
</context>
<context>
    <name>ResultsModel</name>
    <message>
        <location filename="../widgets/results/resultsmodel.cpp" line="17"/>
        <source>The profiler trace %1 was cleared: %2</source>
        <translation>性能分析跟踪 %1 已清除：%2</translation>
    </message>
    <message>
        <location filename="../widgets/results/resultsmodel.cpp" line="102"/>
        <source>%1: %2. Select the profile it was measured on.</source>
        <translation>%1：%2。请选择测量它时所用的配置文件。</translation>
    </message>
</context>
<context>
    <name>RooflineChart</name>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="379"/>
        <source>Roofline (no analysis)</source>
        <translation>屋顶线（无分析）</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="386"/>
        <source>Roofline (nothing to plot)</source>
        <translation>屋顶线（无可绘制内容）</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="338"/>
        <source>DRAM %1</source>
        <translation>DRAM %1</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="34"/>
        <source>Wheel: zoom; drag: zoom to a rectangle; right or middle drag (or Shift+drag): pan; double-click or Home: reset</source>
        <translation>滚轮：缩放；拖动：缩放到矩形；右键或中键拖动（或 Shift+拖动）：平移；双击或 Home：重置</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="397"/>
        <source>Hover over a point for its numbers; click to select it.</source>
        <translation>将鼠标悬停在点上查看数值；点击选中。</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="305"/>
        <source>&lt;b&gt;The program at %1&lt;/b&gt;: %2, %3, %4 FLOP/B; bound %5 by %6</source>
        <translation>&lt;b&gt;%1 级别的整个程序&lt;/b&gt;：%2，%3，%4 FLOP/B；界限 %5，受 %6 限制</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="339"/>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="342"/>
        <source> in %1</source>
        <translation>，位于 %1</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="343"/>
        <source>, line %1</source>
        <translation>，第 %1 行</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="343"/>
        <source>, ALIR line %1</source>
        <translation>，ALIR 第 %1 行</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="344"/>
        <source>&lt;b&gt;%1&lt;/b&gt; (%2)&lt;br&gt;%3&lt;br&gt;%4, %5 of DRAM traffic at %6, %7 FLOP/B</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;（%2）&lt;br&gt;%3&lt;br&gt;%4，在 %6 级别 %5 的 DRAM 流量，%7 FLOP/B</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="349"/>
        <source>&lt;br&gt;Standing alone: %1 at %2, on its %3 roof</source>
        <translation>&lt;br&gt;单独运行：%1，%2，位于其 %3 屋顶上</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="352"/>
        <source>&lt;br&gt;Standing alone: %1 at %2, under its %3 roof (its kinds of work cannot keep every unit busy at once)</source>
        <translation>&lt;br&gt;单独运行：%1，%2，位于其 %3 屋顶之下（其多种工作无法同时让每个单元满载）</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="358"/>
        <source>above its own bound: at %1 the program&apos;s time is split by the resource that binds the whole program, so an operator heavy in that resource carries more than its own bound</source>
        <translation>高于自身界限：在 %1 级别，程序时间按约束整个程序的资源分摊，该资源用量大的算子承担的时间多于其自身界限</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="362"/>
        <source>below its own bound: at %1 its work overlaps with other operators&apos; (its kernel&apos;s compute and memory, or the whole program&apos;s, run concurrently)</source>
        <translation>低于自身界限：在 %1 级别，它的工作与其他算子重叠（其内核或整个程序的计算和内存同时进行）</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="365"/>
        <source>&lt;br&gt;Its share of the %1 time: %2 (%3%)</source>
        <translation>&lt;br&gt;在 %1 时间中的份额：%2（%3%）</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="369"/>
        <source>&lt;br&gt;Measured (trace): %1 at %2, %3% of its rate standing alone</source>
        <translation>&lt;br&gt;实测(性能分析记录):%1,%2,为其单独运行速率的 %3%</translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/roofline/rooflinechart.cpp" line="387"/>
        <source>Roofline at %1 %2 on %3 — %n operator(s)</source>
        <translation>
            <numerusform>%1 %2 级别在 %3 上的 Roofline — %n 个算子</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="405"/>
        <source>it does no arithmetic (a log axis has no 0)</source>
        <translation>它没有算术运算（对数坐标轴没有 0）</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="406"/>
        <source>it moves no DRAM bytes at this level (its operands stay on chip)</source>
        <translation>它在此级别不移动 DRAM 字节（其操作数留在片上）</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinechart.cpp" line="407"/>
        <source>&lt;b&gt;%1&lt;/b&gt; is not drawn at %2: %3.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 在 %2 未绘出：%3。</translation>
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
        <translation>无可绘制内容：没有算子同时具有运算和字节</translation>
    </message>
    <message>
        <location filename="../render/rooflinepainter.cpp" line="155"/>
        <source>arithmetic intensity (FLOP/byte)</source>
        <translation>运算强度 (FLOP/字节)</translation>
    </message>
    <message>
        <location filename="../render/rooflinepainter.cpp" line="161"/>
        <source>attainable performance (FLOP/s)</source>
        <translation>可达性能 (FLOP/s)</translation>
    </message>
    <message>
        <location filename="../render/rooflinepainter.cpp" line="164"/>
        <source>FLOP/s</source>
        <translation>FLOP/s</translation>
    </message>
    <message>
        <location filename="../render/rooflinepainter.cpp" line="308"/>
        <source>memory-bound operator</source>
        <translation>内存受限算子</translation>
    </message>
    <message>
        <location filename="../render/rooflinepainter.cpp" line="309"/>
        <source>compute-bound operator</source>
        <translation>计算受限算子</translation>
    </message>
    <message>
        <location filename="../render/rooflinepainter.cpp" line="311"/>
        <location filename="../render/rooflinepainter.cpp" line="317"/>
        <source>measured (trace)</source>
        <translation>实测(记录)</translation>
    </message>
    <message>
        <location filename="../render/rooflinepainter.cpp" line="322"/>
        <source>the program at this level</source>
        <translation>此级别的整个程序</translation>
    </message>
    <message>
        <location filename="../render/rooflinepainter.cpp" line="330"/>
        <source>operators standing alone, each on or under the roof that bounds it</source>
        <translation>单独运行的算子，各自位于限制它的屋顶上或其下</translation>
    </message>
    <message>
        <location filename="../render/rooflinepainter.cpp" line="331"/>
        <source>size: share of the time</source>
        <translation>大小：时间份额</translation>
    </message>
    <message>
        <location filename="../render/rooflinepainter.cpp" line="333"/>
        <source>dashed: overlaid profiles</source>
        <translation>虚线：叠加的配置</translation>
    </message>
    <message>
        <location filename="../render/rooflinepainter.cpp" line="335"/>
        <source>thin dashed: measured on this device (achievable, not a bound)</source>
        <translation>细虚线：在此设备上测得（可达值，不是界限）</translation>
    </message>
    <message>
        <location filename="../render/rooflinepainter.cpp" line="337"/>
        <source>dash-dot: units working at once (peaks summed)</source>
        <translation>点划线：多个单元同时工作（峰值相加）</translation>
    </message>
    <message numerus="yes">
        <location filename="../render/rooflinepainter.cpp" line="339"/>
        <source>%n operator(s) without arithmetic not shown</source>
        <translation>
            <numerusform>未显示 %n 个无运算的算子</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../render/rooflinepainter.cpp" line="341"/>
        <source>%n operator(s) with no DRAM bytes at this level (operands on chip) not shown</source>
        <translation>
            <numerusform>未显示 %n 个在此级别没有 DRAM 字节的算子（操作数在片上）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RooflinePane</name>
    <message>
        <location filename="../widgets/roofline/rooflinepane.cpp" line="33"/>
        <source>F0: every operator its own kernel, one after another; each moves all it reads and writes through DRAM</source>
        <translation>F0：每个算子是独立内核，依次运行；每个都经 DRAM 读写所有数据</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinepane.cpp" line="34"/>
        <source>F1: unfused bytes, but compute and memory of all kernels overlap perfectly</source>
        <translation>F1：未融合的字节，但所有内核的计算和内存完全重叠</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinepane.cpp" line="35"/>
        <source>F2: intermediates stay on chip; kernels still run one after another</source>
        <translation>F2：中间结果留在片上；内核仍依次运行</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinepane.cpp" line="36"/>
        <source>F3, the speed of light: only compulsory DRAM bytes, everything overlapped</source>
        <translation>F3，光速：只有必需的 DRAM 字节，全部重叠</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinepane.cpp" line="38"/>
        <source>F4: F3 plus the traffic a finite on-chip capacity provably forces, and the L2 -&gt; SM floor</source>
        <translation>F4：F3 加上有限片上容量可证明强制的流量，以及 L2 → SM 下限</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinepane.cpp" line="60"/>
        <source>The bound level the chart shows: operators at its notion of DRAM bytes, the diamond is the whole program</source>
        <translation>图表显示的级别：算子按该级别的 DRAM 字节绘制，菱形是整个程序</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinepane.cpp" line="61"/>
        <location filename="../widgets/roofline/rooflinepane.cpp" line="142"/>
        <source>Overlay profiles</source>
        <translation>叠加配置</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinepane.cpp" line="62"/>
        <source>Draw the roofs of other hardware profiles (dashed) over this one&apos;s</source>
        <translation>在此配置上叠加其他硬件配置的屋顶（虚线）</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinepane.cpp" line="65"/>
        <source>Reset zoom</source>
        <translation>重置缩放</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinepane.cpp" line="66"/>
        <source>Show the whole chart again (also: double-click the chart, or Home)</source>
        <translation>再次显示整个图表（也可双击图表或按 Home）</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinepane.cpp" line="69"/>
        <source>Level:</source>
        <translation>级别：</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinepane.cpp" line="129"/>
        <source>Clear overlays</source>
        <translation>清除叠加</translation>
    </message>
    <message>
        <location filename="../widgets/roofline/rooflinepane.cpp" line="142"/>
        <source>Overlays (%1)</source>
        <translation>叠加 (%1)</translation>
    </message>
</context>
<context>
    <name>SecondsEdit</name>
    <message>
        <location filename="../widgets/common/secondsedit.cpp" line="13"/>
        <source>A time with its unit: s, ms, µs (or us), ns; a bare number is in milliseconds. Empty: none.</source>
        <translation>带单位的时间：s、ms、µs（或 us）、ns；纯数字单位为毫秒。空：无。</translation>
    </message>
    <message>
        <location filename="../widgets/common/secondsedit.cpp" line="63"/>
        <source>&apos;%1&apos; is not a time. %2</source>
        <translation>“%1”不是时间。%2</translation>
    </message>
</context>
<context>
    <name>SelectionSync</name>
    <message>
        <location filename="../app/studio/selectionsync.cpp" line="83"/>
        <source>Operators from line %1</source>
        <translation>第 %1 行产生的算子</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/studio/selectionsync.cpp" line="112"/>
        <source>Line %1 produced %n operator(s): %2</source>
        <translation>
            <numerusform>第 %1 行生成了 %n 个算子：%2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SourceEditor</name>
    <message>
        <location filename="../widgets/editor/sourceeditor.cpp" line="139"/>
        <source>col %1: </source>
        <translation>第 %1 列：</translation>
    </message>
    <message>
        <location filename="../widgets/editor/sourceeditor.cpp" line="140"/>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location filename="../widgets/editor/sourceeditor.cpp" line="141"/>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <location filename="../widgets/editor/sourceeditor.cpp" line="142"/>
        <source>note</source>
        <translation>提示</translation>
    </message>
    <message>
        <location filename="../widgets/editor/sourceeditor.cpp" line="214"/>
        <source>lower bound: </source>
        <translation>下界：</translation>
    </message>
    <message>
        <location filename="../widgets/editor/sourceeditor.cpp" line="214"/>
        <source>not counted: </source>
        <translation>未计入：</translation>
    </message>
</context>
<context>
    <name>StaleBanner</name>
    <message>
        <location filename="../widgets/common/stalebanner.cpp" line="23"/>
        <source>These results are stale: the source changed since they were computed (Ctrl+R analyses again).</source>
        <translation>这些结果已过时：自计算以来源代码已更改（Ctrl+R 重新分析）。</translation>
    </message>
</context>
<context>
    <name>SummaryPane</name>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="42"/>
        <source>not measured (e.g. 1.25 ms)</source>
        <translation>未测量（例如 1.25 ms）</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="43"/>
        <source>Import timings…</source>
        <translation>导入计时…</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="54"/>
        <source>Level</source>
        <translation>级别</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="54"/>
        <source>Bound</source>
        <translation>界限</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="54"/>
        <source>Bottleneck</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="54"/>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="54"/>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="54"/>
        <source>FLOP/B</source>
        <translation>FLOP/B</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="54"/>
        <source>Headroom</source>
        <translation>余量</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="54"/>
        <source>DRAM</source>
        <translation>DRAM</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="62"/>
        <source>A measured runtime of this program on the selected hardware, with its unit (1.25 ms, 190 µs)</source>
        <translation>此程序在所选硬件上测得的运行时间，带单位（1.25 ms、190 µs）</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="81"/>
        <source>Measured:</source>
        <translation>实测：</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="97"/>
        <source>F0 unfused/kernel</source>
        <translation>F0 非融合/内核</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="98"/>
        <source>F1 overlapped</source>
        <translation>F1 重叠</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="99"/>
        <source>F2 fused/op</source>
        <translation>F2 融合/算子</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="100"/>
        <source>F3 fused (SOL)</source>
        <translation>F3 融合 (SOL)</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="101"/>
        <source>F4 cache-aware</source>
        <translation>F4 感知缓存</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="122"/>
        <source>The measured %1 was for another program, size set or hardware; it was cleared. Enter or import the time measured for this one.</source>
        <translation>测得的 %1 属于另一个程序、尺寸组合或硬件，已清除。请输入或导入针对当前程序测得的时间。</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="202"/>
        <source>No analysis yet: open a model or an ALIR program and press Ctrl+R.</source>
        <translation>尚无分析：打开一个模型或 ALIR 程序并按 Ctrl+R。</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="210"/>
        <source>&lt;b&gt;%1&lt;/b&gt; on %2 — %3, %4 caches</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 于 %2 — %3，缓存 %4</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="225"/>
        <source>Validation: &lt;b style=&quot;color:%1&quot;&gt;validating&lt;/b&gt; — the bounds are shown; the comparison with the source runs in the background (Esc cancels it)</source>
        <translation>验证：&lt;b style=&quot;color:%1&quot;&gt;进行中&lt;/b&gt; — 已显示界限；与源代码的比较在后台进行（Esc 取消）</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="230"/>
        <source>Validation: &lt;b style=&quot;color:%1&quot;&gt;%2&lt;/b&gt; — %3</source>
        <translation>验证：&lt;b style=&quot;color:%1&quot;&gt;%2&lt;/b&gt; — %3</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="239"/>
        <source>&lt;small&gt;Notes: %1&lt;/small&gt;</source>
        <translation>&lt;small&gt;说明：%1&lt;/small&gt;</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="250"/>
        <source>&lt;b style=&quot;color:{approximate}&quot;&gt;Coverage: approximate&lt;/b&gt; — every operation is in the bounds, some counts as lower bounds.</source>
        <translation>&lt;b style=&quot;color:{approximate}&quot;&gt;覆盖：近似&lt;/b&gt; — 每个运算都在界限中，部分计数为下界。</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="252"/>
        <source>Coverage: complete — every operation is in the bounds.</source>
        <translation>覆盖：完整 — 每个运算都已计入界限。</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="248"/>
        <source>&lt;b style=&quot;color:{error}&quot;&gt;Coverage: INCOMPLETE&lt;/b&gt; — not counted: %1</source>
        <translation>&lt;b style=&quot;color:{error}&quot;&gt;覆盖：不完整&lt;/b&gt; — 未计入：%1</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="244"/>
        <source>line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="244"/>
        <source>ALIR line %1</source>
        <translation>ALIR 第 %1 行</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="245"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="246"/>
        <source>%1 (%2): %3</source>
        <translation>%1（%2）：%3</translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/analysis/summarypane.cpp" line="257"/>
        <source>%n count(s) are lower bounds (valid, possibly loose; hover for why, or see the IR pane&apos;s marks): %1</source>
        <translation>
            <numerusform>%n 个计数是下界（有效，可能偏松；悬停查看原因，或看 IR 面板的标记）：%1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="296"/>
        <source>SOL violation: the measured %1 is below the %2 bound. A true lower bound cannot be beaten: check the measurement (sizes, dtype, hardware) or report the model.</source>
        <translation>SOL 违例：实测的 %1 低于 %2 界限。真正的下界不可能被突破：请检查测量（尺寸、数据类型、硬件），或报告该模型。</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="300"/>
        <source>The measured %1 is below the eager model&apos;s %2 bound: an implementation that fuses or overlaps operators (torch.compile, CUDA graphs) can do that; the speed-of-light levels hold.</source>
        <translation>实测的 %1 低于 eager 模型的 %2 界限：融合或重叠算子的实现（torch.compile、CUDA Graphs）可以做到；光速各级界限仍然成立。</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="309"/>
        <source>Import KernelBench timings</source>
        <translation>导入 KernelBench 计时</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="309"/>
        <source>Timing JSON (*.json)</source>
        <translation>计时 JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="314"/>
        <source>Import failed</source>
        <translation>导入失败</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="319"/>
        <source>Timings from another machine</source>
        <translation>来自另一台机器的计时</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="320"/>
        <source>%1: no headroom is computed against them. Select the profile they were measured on.</source>
        <translation>%1：不会据此计算余量。请选择测量时所用的配置。</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="327"/>
        <source>No timing</source>
        <translation>无计时</translation>
    </message>
    <message>
        <location filename="../widgets/analysis/summarypane.cpp" line="327"/>
        <source>%1 has no timing for %2.</source>
        <translation>%1 中没有 %2 的计时。</translation>
    </message>
</context>
<context>
    <name>TranscriptPane</name>
    <message>
        <location filename="../widgets/llm/transcriptpane.cpp" line="21"/>
        <source>Attempt</source>
        <translation>尝试</translation>
    </message>
    <message>
        <location filename="../widgets/llm/transcriptpane.cpp" line="21"/>
        <source>Outcome</source>
        <translation>结果</translation>
    </message>
    <message>
        <location filename="../widgets/llm/transcriptpane.cpp" line="21"/>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <location filename="../widgets/llm/transcriptpane.cpp" line="40"/>
        <source>— reply —
%1
— outcome: %2 —
%3
— feedback sent —
%4</source>
        <translation>— 回复 —
%1
— 结果：%2 —
%3
— 已发送的反馈 —
%4</translation>
    </message>
    <message>
        <location filename="../widgets/llm/transcriptpane.cpp" line="43"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <location filename="../widgets/llm/transcriptpane.cpp" line="45"/>
        <source>The LLM frontend has not run. Choose it as the frontend and analyse (Ctrl+R).</source>
        <translation>LLM 前端尚未运行。请将其选为前端并分析（Ctrl+R）。</translation>
    </message>
</context>
<context>
    <name>solar::engine</name>
    <message>
        <location filename="../render/enginetext.cpp" line="15"/>
        <source>memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <location filename="../render/enginetext.cpp" line="17"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../render/enginetext.cpp" line="19"/>
        <source>compute:%1</source>
        <translation>计算:%1</translation>
    </message>
    <message>
        <location filename="../render/enginetext.cpp" line="25"/>
        <source>%1: %2 on %3 -&gt; %4 on %5</source>
        <translation>%1：%3 上为 %2 -&gt; %5 上为 %4</translation>
    </message>
    <message>
        <location filename="../render/enginetext.cpp" line="33"/>
        <source>validated</source>
        <translation>已验证</translation>
    </message>
    <message>
        <location filename="../render/enginetext.cpp" line="35"/>
        <source>validated, with a caveat</source>
        <translation>已验证，有保留</translation>
    </message>
    <message>
        <location filename="../render/enginetext.cpp" line="37"/>
        <source>mismatch</source>
        <translation>不匹配</translation>
    </message>
    <message>
        <location filename="../render/enginetext.cpp" line="39"/>
        <source>unvalidated</source>
        <translation>未验证</translation>
    </message>
    <message>
        <location filename="../render/enginetext.cpp" line="41"/>
        <source>validating</source>
        <translation>正在验证</translation>
    </message>
    <message>
        <location filename="../engine/bounds/ladder.cpp" line="550"/>
        <source>cache_aware adds %1 bytes of capacity-forced traffic (on-chip capacity %2 bytes)</source>
        <translation>cache_aware 增加 %1 字节由容量导致的流量（片上容量 %2 字节）</translation>
    </message>
    <message>
        <location filename="../engine/bounds/ladder.cpp" line="555"/>
        <source>fused_per_op (F2) is above unfused_overlapped (F1): F2 adds up each kernel&apos;s own max(compute, memory) one after another, F1 overlaps compute and memory across the whole program; both are lower bounds, and fused (F3) is below both</source>
        <translation>fused_per_op (F2) 高于 unfused_overlapped (F1)：F2 依次累加每个内核自身的 max(计算, 内存)，F1 在整个程序中重叠计算与内存；二者都是下界，且 fused (F3) 低于二者</translation>
    </message>
    <message>
        <location filename="../engine/bounds/ladder.cpp" line="563"/>
        <source>cache_aware has no L2 -&gt; SM floor: the profile lists no L2 bandwidth</source>
        <translation>cache_aware 没有 L2 -&gt; SM 下限：该配置未列出 L2 带宽</translation>
    </message>
    <message>
        <location filename="../engine/bounds/ladder.cpp" line="566"/>
        <source>cache_aware is bound by the L2 -&gt; SM level: %1 bytes cross L2 at %2 B/s</source>
        <translation>cache_aware 受 L2 -&gt; SM 层级限制：%1 字节以 %2 B/s 经过 L2</translation>
    </message>
    <message>
        <location filename="../engine/bounds/ladder.cpp" line="575"/>
        <source>%1 contractions run on SIMT fp32: the machine lists no tensor-core peak for them</source>
        <translation>%1 收缩在 SIMT fp32 上运行：该机器未列出其张量核心峰值</translation>
    </message>
    <message>
        <location filename="../engine/bounds/ladder.cpp" line="580"/>
        <source>unfused_per_kernel is the host&apos;s eager dispatch: %1 launches at the profile&apos;s %2 each take %3, more than the device needs for them (+%4; the eager model only, no other level has it)</source>
        <translation>unfused_per_kernel 由主机的 eager 分发决定：%1 次启动、按配置文件每次 %2，共需 %3，多于设备执行它们所需的时间（+%4；仅 eager 模型，其他级别不含此项）</translation>
    </message>
    <message>
        <location filename="../engine/bounds/ladder.cpp" line="587"/>
        <source>unfused_per_kernel includes the profile&apos;s kernel-launch floor of %1 on %2 of %3 kernels: +%4 (the eager model only; no other level has it)</source>
        <translation>unfused_per_kernel 包含配置文件的内核启动下限 %1，作用于 %3 个内核中的 %2 个：+%4（仅 eager 模型；其他级别不含此项）</translation>
    </message>
</context>
</TS>
