/// The HTML report's inline style sheet and script (kept apart from the page skeleton so each
/// reads as what it is). The script draws the page from the embedded JSON and only ever
/// inserts data as text (`textContent`, text nodes, `setAttribute` values).
enum HTMLReportAssets {
  static let css = #"""
    :root { color-scheme: light; --pass: #d3f0d8; --pass-ink: #14532d; --fail: #f9d0d0; --fail-ink: #7f1d1d;
      --skip: #fbefc0; --skip-ink: #713f12; --none: #f0f1f3; --none-ink: #6b7280; --line: #d8dbe0; }
    * { box-sizing: border-box; }
    body { margin: 0 auto; max-width: 1400px; padding: 16px 24px 48px; font: 14px/1.45 system-ui, -apple-system,
      "Segoe UI", Roboto, "Noto Sans", sans-serif; color: #1f2328; background: #fff; }
    h1 { font-size: 22px; margin: 8px 0 4px; display: flex; align-items: center; gap: 12px; }
    h2 { font-size: 17px; margin: 28px 0 8px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
    code, pre { font: 12.5px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace; }
    .meta { color: #57606a; margin: 2px 0; overflow-wrap: anywhere; }
    .status { font-size: 13px; padding: 2px 10px; border-radius: 12px; text-transform: uppercase; letter-spacing: .04em; }
    .status.passed { background: var(--pass); color: var(--pass-ink); }
    .status.failed, .status.load-error, .status.no-tests, .status.interrupted, .status.report-error { background: var(--fail); color: var(--fail-ink); }
    .warning { background: var(--skip); padding: 8px 12px; border-radius: 6px; }
    #totals { display: flex; flex-wrap: wrap; gap: 10px; margin: 14px 0; }
    .card { border: 1px solid var(--line); border-radius: 8px; padding: 8px 14px; min-width: 110px; background: #fafbfc; }
    .card .count { display: block; font-size: 24px; font-weight: 600; }
    .card .label { color: #57606a; }
    .card.passed.nonzero { background: var(--pass); color: var(--pass-ink); }
    .card.failed.nonzero, .card.errored.nonzero, .card.loadErrors.nonzero, .card.unexpectedPasses.nonzero,
    .card.staleExpectations.nonzero { background: var(--fail); color: var(--fail-ink); }
    .card.skipped.nonzero, .card.expectedFailures.nonzero, .card.flaky.nonzero { background: var(--skip); color: var(--skip-ink); }
    .filter { position: sticky; top: 0; background: #fff; padding: 8px 0; z-index: 1; border-bottom: 1px solid var(--line); }
    .filter input { width: min(480px, 70vw); padding: 5px 8px; font: inherit; border: 1px solid #afb8c1; border-radius: 6px; }
    #filter-count { color: #57606a; margin-left: 8px; }
    .scroll { overflow-x: auto; }
    table { border-collapse: collapse; }
    #matrix th, #matrix td { border: 1px solid var(--line); padding: 3px 7px; text-align: center; white-space: nowrap;
      font-size: 13px; }
    #matrix thead th.tag { white-space: normal; max-width: 104px; overflow-wrap: anywhere; }
    #matrix th[scope=row] { text-align: left; font-weight: 500; }
    #matrix thead th { background: #f6f8fa; font-weight: 600; }
    #matrix tfoot th, #matrix tfoot td { font-weight: 600; border-top: 2px solid #afb8c1; }
    .cell.pass { background: var(--pass); color: var(--pass-ink); }
    .cell.fail { background: var(--fail); color: var(--fail-ink); }
    .cell.skip { background: var(--skip); color: var(--skip-ink); }
    .cell.none { background: var(--none); color: var(--none-ink); }
    .legend .cell { display: inline-block; padding: 1px 8px; border-radius: 4px; margin-right: 4px; }
    .legend { color: #57606a; }
    .failure { border: 1px solid var(--line); border-left: 4px solid #cf222e; border-radius: 6px; padding: 8px 12px; margin: 10px 0; }
    .failure.errored { border-left-color: #bc4c00; }
    .failure.unexpected-pass { border-left-color: #8250df; }
    .failure-head { display: flex; flex-wrap: wrap; gap: 6px; align-items: baseline; }
    .failure-head .file { color: #57606a; overflow-wrap: anywhere; }
    .failure-head .implementation { font-weight: 600; background: #ddf4ff; border-radius: 4px; padding: 0 6px; overflow-wrap: anywhere; }
    .badge { font-size: 12px; padding: 1px 8px; border-radius: 10px; background: var(--fail); color: var(--fail-ink); }
    .badge.errored { background: #fde2c8; color: #7c2d12; }
    .badge.unexpected-pass { background: #e9dcfc; color: #4c1d95; }
    .description { margin: 4px 0; }
    .tags .tag { display: inline-block; font-size: 12px; background: #eef1f4; border-radius: 10px; padding: 0 8px; margin-right: 4px; }
    .difference { margin: 6px 0; overflow-wrap: anywhere; }
    .sides { display: grid; grid-template-columns: repeat(auto-fit, minmax(320px, 1fr)); gap: 10px; }
    .side-label { font-size: 12px; color: #57606a; text-transform: uppercase; letter-spacing: .04em; }
    pre.json { margin: 2px 0 0; padding: 8px; background: #f6f8fa; border-radius: 6px; overflow-x: auto;
      white-space: pre-wrap; overflow-wrap: anywhere; }
    details.whole summary { cursor: pointer; font-size: 12px; color: #0969da; margin-top: 2px; }
    mark { background: #ffd33d; color: inherit; border-radius: 2px; outline: 1px solid #d4a72c; }
    .list-row { border-bottom: 1px solid var(--line); padding: 6px 0; overflow-wrap: anywhere; }
    .empty, .more { color: #57606a; font-style: italic; }
    #implementation-matrix th, #implementation-matrix td { border: 1px solid var(--line); padding: 3px 7px;
      text-align: center; white-space: nowrap; font-size: 13px; }
    #implementation-matrix th[scope=row] { text-align: left; font-weight: 500; }
    #implementation-matrix thead th { background: #f6f8fa; font-weight: 600; }
    .drift { border: 1px solid var(--line); border-left: 4px solid #8250df; border-radius: 6px; padding: 8px 12px; margin: 10px 0; }
    .side-label.answer-label { text-transform: none; letter-spacing: 0; font-size: 12.5px; }
    .answer-label.meets { color: var(--pass-ink); }
    .answer-label.misses { color: var(--fail-ink); }
    """#

  static let script = #"""
    (function () {
      "use strict";
      var data = JSON.parse(document.getElementById("report-data").textContent);
      var report = data.report;
      var views = data.views;
      var FAILURE_LIMIT = 200;
      var LIST_LIMIT = 500;

      // Invisible or reordering characters become visible \u escapes, as in the other reports.
      var invisible = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Noncharacter_Code_Point}]/gu;
      function visible(text, keepNewlines) {
        return String(text).replace(invisible, function (found) {
          if (keepNewlines && found === "\n") return found;
          var out = "";
          for (var i = 0; i < found.length; i++) out += "\\u" + found.charCodeAt(i).toString(16).padStart(4, "0");
          return out;
        });
      }
      function el(tag, attributes, children) {
        var node = document.createElement(tag);
        Object.keys(attributes || {}).forEach(function (name) { node.setAttribute(name, String(attributes[name])); });
        (children || []).forEach(function (child) {
          node.append(child instanceof Node ? child : document.createTextNode(visible(child)));
        });
        return node;
      }
      function searchText(parts) { return parts.join("\n").toLowerCase(); }

      var status = document.getElementById("status");
      status.textContent = { passed: "passed", failed: "failed", "load-error": "load errors",
        "unused-exclude": "an exclude leaves out no test", "report-error": "reports not written" }[report.status]
        || report.status;
      if (report.interruption) status.textContent = report.interruption.message;
      else if (report.status === "no-tests" && report.statusReason) status.textContent = "nothing checked";
      status.className = "status " + report.status;
      status.setAttribute("data-status", report.status);

      var totals = report.totals;
      var cards = [["tests", "tests"], ["passed", "passed"], ["failed", "failed"], ["errored", "errored"],
        ["skipped", "skipped"], ["loadErrors", "files not loaded"]];
      if (report.expectations) {
        cards.push(["expectedFailures", "expected failures"], ["unexpectedPasses", "unexpected passes"],
          ["staleExpectations", "stale entries"]);
      }
      if (report.reruns) cards.push(["flaky", "flaky"]);
      var totalsBox = document.getElementById("totals");
      cards.forEach(function (card) {
        var value = totals[card[0]];
        totalsBox.append(el("div", { "class": "card " + card[0] + (value > 0 ? " nonzero" : "") }, [
          el("span", { "class": "count", "data-total": card[0] }, [String(value)]),
          el("span", { "class": "label" }, [card[1]])]));
      });

      // The suite-by-tag matrix.
      var zero = { tests: 0, passed: 0, failed: 0, errored: 0, skipped: 0 };
      function resultClass(counts) {
        if (counts.failed + counts.errored + (counts.loadErrors || 0) > 0) return "fail";
        if (counts.tests === 0) return "none";
        return counts.passed === 0 ? "skip" : "pass";
      }
      function cell(counts, attributes) {
        var title = counts.tests + " tests: " + counts.passed + " passed, " + counts.failed + " failed, " +
          counts.errored + " errored, " + counts.skipped + " skipped" +
          (counts.loadErrors ? "; " + counts.loadErrors + " files not loaded" : "");
        var all = Object.assign({ "class": "cell " + resultClass(counts), title: title, "data-tests": counts.tests,
          "data-passed": counts.passed, "data-failed": counts.failed, "data-errored": counts.errored,
          "data-skipped": counts.skipped }, attributes);
        var empty = counts.tests === 0 && !counts.loadErrors;
        // Skipped tests are left out of the denominator: an adapter that implements 3 of 11
        // suites is judged on the tests it ran.
        var run = counts.tests - counts.skipped;
        return el("td", all, [empty ? "–" : run === 0 && !counts.loadErrors ? "skipped" : counts.passed + " / " + run]);
      }
      var tagNames = report.tags.map(function (entry) { return entry.tag; });
      var untaggedTotal = { tests: 0, passed: 0, failed: 0, errored: 0, skipped: 0 };
      report.suites.forEach(function (suite) {
        ["tests", "passed", "failed", "errored", "skipped"].forEach(function (key) { untaggedTotal[key] += suite.untagged[key]; });
      });
      var hasUntagged = untaggedTotal.tests > 0;
      var matrix = document.getElementById("matrix");
      var head = el("tr", null, [el("th", { scope: "col" }, ["suite"]), el("th", { scope: "col" }, ["all tests"])]);
      tagNames.forEach(function (tag) { head.append(el("th", { scope: "col", "class": "tag" }, [tag])); });
      if (hasUntagged) head.append(el("th", { scope: "col" }, ["(no tag)"]));
      var matrixRows = [];
      // One suite's row; `name` labels the rows of one implementation in a run of several.
      function matrixRow(suite, name, label) {
        var attributes = { "data-suite": suite.suite };
        if (name !== null) attributes["data-implementation"] = name;
        function within(extra) { return Object.assign({}, attributes, extra); }
        var row = el("tr", within({}), [el("th", { scope: "row" }, [name === null ? suite.suite : label + ": " + suite.suite]),
          cell(suite, within({ "data-column": "all" }))]);
        tagNames.forEach(function (tag) {
          var found = (suite.tags || []).find(function (entry) { return entry.tag === tag; }) || zero;
          row.append(cell(found, within({ "data-column": "tag", "data-tag": tag })));
        });
        if (hasUntagged) row.append(cell(suite.untagged || zero, within({ "data-column": "untagged" })));
        matrixRows.push(row);
        return row;
      }
      var several = report.implementations || [];
      if (several.length === 0) {
        var body = el("tbody");
        report.suites.forEach(function (suite) { body.append(matrixRow(suite, null, null)); });
        var totalRow = el("tr", null, [el("th", { scope: "row" }, ["all suites"]),
          cell(totals, { "data-suite": "*", "data-column": "all" })]);
        report.tags.forEach(function (entry) {
          totalRow.append(cell(entry, { "data-suite": "*", "data-column": "tag", "data-tag": entry.tag }));
        });
        if (hasUntagged) totalRow.append(cell(untaggedTotal, { "data-suite": "*", "data-column": "untagged" }));
        matrix.append(el("thead", null, [head]), body, el("tfoot", null, [totalRow]));
      } else {
        // Several implementations: each one's rows with its own counts, never summed over them.
        matrix.append(el("thead", null, [head]));
        several.forEach(function (implementation) {
          var label = implementation.name + (implementation.version ? " " + implementation.version : "");
          var group = el("tbody", { "data-implementation": implementation.name });
          implementation.suites.forEach(function (suite) { group.append(matrixRow(suite, implementation.name, label)); });
          matrix.append(group);
        });
      }

      // Failures, with expected and actual side by side and the first difference marked.
      // The JSON texts come from the serializer (invisible scalars already escaped); only their
      // own line breaks are kept.
      // With `windowText` (a long value: its length and a window around the first difference),
      // the window is shown and the whole value is one click away.
      function jsonBlock(label, parts, windowText) {
        var pre = el("pre", { "class": "json" }, [document.createTextNode(visible(parts[0], true))]);
        if (parts[1] !== "") pre.append(el("mark", null, [document.createTextNode(visible(parts[1], true))]));
        pre.append(document.createTextNode(visible(parts[2], true)));
        if (windowText === undefined) {
          return el("div", { "class": "side" }, [el("div", { "class": "side-label" }, [label]), pre]);
        }
        return el("div", { "class": "side" }, [el("div", { "class": "side-label" }, [label]),
          el("pre", { "class": "json window" }, [document.createTextNode(visible(windowText, true))]),
          el("details", { "class": "whole" }, [el("summary", null, ["whole value"]), pre])]);
      }
      var kindLabels = { failed: "failed", errored: "errored", "unexpected-pass": "unexpected pass" };
      var failureItems = report.failures.map(function (failure, index) {
        var view = views[index];
        return { failure: failure, view: view, text: searchText([kindLabels[failure.kind], failure.implementation || "", failure.suite, failure.id,
          failure.file, failure.description || "", failure.tags.join(" "), failure.difference || failure.error || "",
          view.expected.join(""), view.actual ? view.actual.join("") : "", failure.entry || ""]) };
      });
      // Compared with an earlier run, the new failures come first, as on the console; each group
      // keeps the report's order.
      if (report.comparison) {
        var newKeys = {};
        report.comparison.newFailures.concat(report.comparison["new"].filter(function (entry) { return entry.status === "failed"; }))
          .forEach(function (entry) { newKeys[entry.implementation + "\u0000" + entry.suite + "\u0000" + entry.id] = true; });
        var isNewItem = function (item) {
          return newKeys[(item.failure.implementation || report.implementation) + "\u0000" + item.failure.suite + "\u0000" +
            item.failure.id] === true;
        };
        failureItems = failureItems.filter(isNewItem).concat(failureItems.filter(function (item) { return !isNewItem(item); }));
      }
      function renderFailure(item) {
        var failure = item.failure;
        var head = [el("span", { "class": "badge " + failure.kind }, [kindLabels[failure.kind] || failure.kind])];
        // In a run of several implementations, whose failure it is (its hello's name and version).
        if (failure.implementation !== undefined) {
          var owner = (report.implementations || []).find(function (entry) { return entry.name === failure.implementation; });
          head.push(el("span", { "class": "implementation", "data-implementation": failure.implementation },
            [failure.implementation + (owner && owner.version ? " " + owner.version : "")]));
        }
        head.push(el("code", { "class": "suite" }, [failure.suite]), el("code", { "class": "id" }, [failure.id]),
          el("span", { "class": "file" }, [failure.file]));
        var children = [el("div", { "class": "failure-head" }, head)];
        if (failure.description) children.push(el("p", { "class": "description" }, [failure.description]));
        if (failure.tags.length) {
          children.push(el("p", { "class": "tags" }, failure.tags.map(function (tag) {
            return el("span", { "class": "tag" }, [tag]);
          })));
        }
        var errored = failure.kind === "errored";
        children.push(el("p", { "class": "difference" }, [errored ? "error: " : "difference: ",
          el("strong", null, [errored ? failure.error : failure.difference])]));
        var windows = item.view.windows || {};
        if (item.view.input) {
          children.push(el("div", { "class": "input" }, [jsonBlock("input", item.view.input, item.view.inputWindow)]));
        }
        var sides = el("div", { "class": "sides" }, [jsonBlock("expected", item.view.expected, windows.expected)]);
        if (item.view.actual) sides.append(jsonBlock("actual", item.view.actual, windows.actual));
        children.push(sides);
        return el("article", { "class": "failure " + failure.kind, "data-suite": failure.suite, "data-id": failure.id,
          "data-implementation": failure.implementation || "" }, children);
      }

      // Several implementations: the implementation × suite matrix and where they disagree.
      var implementations = report.implementations || [];
      var driftItems = [];
      document.getElementById("implementations-section").hidden = implementations.length === 0;
      document.getElementById("drift-section").hidden = implementations.length === 0;
      if (implementations.length > 0) {
        var suiteNames = implementations[0].suites.map(function (entry) { return entry.suite; });
        var implementationMatrix = document.getElementById("implementation-matrix");
        var implementationHead = el("tr", null, [el("th", { scope: "col" }, ["implementation"]),
          el("th", { scope: "col" }, ["status"])]);
        suiteNames.forEach(function (name) { implementationHead.append(el("th", { scope: "col" }, [name])); });
        var implementationBody = el("tbody");
        implementations.forEach(function (implementation) {
          var row = el("tr", { "data-implementation": implementation.name }, [
            el("th", { scope: "row" }, [implementation.name + (implementation.version ? " " + implementation.version : "")]),
            el("td", { "class": "cell " + (implementation.status === "passed" ? "pass" : "fail") }, [implementation.status])]);
          implementation.suites.forEach(function (entry) {
            var attributes = { "data-implementation": implementation.name, "data-suite": entry.suite,
              "data-column": "implementation", "data-implemented": String(entry.implemented) };
            if (!entry.implemented) {
              row.append(el("td", Object.assign({ "class": "cell none", title: entry.tests + " tests skipped",
                "data-state": "not-implemented", "data-tests": entry.tests, "data-passed": 0, "data-failed": 0,
                "data-errored": 0, "data-skipped": entry.skipped }, attributes), ["not implemented"]));
              return;
            }
            var rendered = cell(entry, attributes);
            rendered.setAttribute("data-state", { pass: "passed", fail: "failed", skip: "skipped", none: "none" }[resultClass(entry)]);
            row.append(rendered);
          });
          implementationBody.append(row);
        });
        implementationMatrix.append(el("thead", null, [implementationHead]), implementationBody);

        var driftViews = data.driftViews || [];
        driftItems = report.drift.map(function (drift, index) {
          var view = driftViews[index];
          return { drift: drift, view: view, text: searchText([drift.suite, drift.id, drift.file, drift.description || "",
            drift.tags.join(" "), view.input, view.expected].concat(drift.answers.map(function (answer, position) {
              return answer.implementation + " " + (view.answers[position] || answer.error || "") + " " + (answer.difference || "");
            }))) };
        });
      }
      function plainBlock(label, text, labelClass) {
        return el("div", { "class": "side" }, [el("div", { "class": "side-label" + (labelClass ? " answer-label " + labelClass : "") }, [label]),
          el("pre", { "class": "json" }, [document.createTextNode(visible(text, true))])]);
      }
      function renderDrift(item) {
        var drift = item.drift;
        var children = [el("div", { "class": "failure-head" }, [
          el("span", { "class": "badge unexpected-pass" }, ["disagreement"]),
          el("code", { "class": "suite" }, [drift.suite]), el("code", { "class": "id" }, [drift.id]),
          el("span", { "class": "file" }, [drift.file])])];
        if (drift.description) children.push(el("p", { "class": "description" }, [drift.description]));
        children.push(el("div", { "class": "sides" }, [plainBlock("input", item.view.input),
          plainBlock("expected", item.view.expected)]));
        var answers = el("div", { "class": "sides" });
        drift.answers.forEach(function (answer, position) {
          var text = item.view.answers[position] !== null ? item.view.answers[position] : "could not answer: " + answer.error;
          var note = answer.meetsExpectation ? "meets the expectation" : (answer.difference || "does not meet the expectation");
          var block = plainBlock(answer.implementation + " — " + note, text, answer.meetsExpectation ? "meets" : "misses");
          block.setAttribute("data-implementation", answer.implementation);
          block.setAttribute("data-meets", String(answer.meetsExpectation));
          answers.append(block);
        });
        children.push(answers);
        return el("article", { "class": "drift", "data-suite": drift.suite, "data-id": drift.id, "data-file": drift.file },
          children);
      }

      function safeLink(link) {
        return /^https?:\/\//i.test(link)
          ? el("a", { href: link, rel: "noopener noreferrer" }, [link]) : el("span", null, [link]);
      }
      var listedItems = report.expectedFailures.map(function (entry) {
        return { entry: entry, text: searchText([entry.suite, entry.id, entry.file, entry.reason, entry.link || "",
          entry.entry, entry.outcome, entry.detail]) };
      });
      function renderListed(item) {
        var entry = item.entry;
        var row = el("div", { "class": "list-row" }, [el("code", null, [entry.suite]), " ", el("code", null, [entry.id]),
          " — " + entry.reason]);
        if (entry.link) row.append(" (", safeLink(entry.link), ")");
        row.append(el("div", { "class": "meta" }, [entry.outcome + ": " + entry.detail + " · " + entry.entry]));
        return row;
      }
      var staleItems = report.staleExpectations.map(function (entry) {
        return { entry: entry, text: searchText([entry.suite, entry.id, entry.reason, entry.message]) };
      });
      function renderStale(item) { return el("div", { "class": "list-row" }, [item.entry.message]); }
      var loadItems = report.loadErrors.map(function (entry) {
        return { entry: entry, text: searchText([entry.file, entry.suite || "", entry.reason]) };
      });
      function renderLoad(item) {
        return el("div", { "class": "list-row" }, [el("code", null, [item.entry.file]), ": " + item.entry.reason]);
      }

      // Flaky tests (--reruns): each with the tries that failed before the pass.
      var flakyItems = (report.flaky || []).map(function (entry) {
        return { entry: entry, text: searchText([entry.implementation || "", entry.suite, entry.id, entry.file,
          entry.description || "", entry.tags.join(" ")].concat(entry.tries.map(function (attempt) {
            return attempt.difference || attempt.error || ""; }))) };
      });
      function renderFlaky(item) {
        var entry = item.entry;
        var row = el("div", { "class": "list-row" }, [entry.implementation ? "[" + entry.implementation + "] " : "",
          el("code", null, [entry.suite]), " ", el("code", null, [entry.id]), " (" + entry.file + "): passed on try " +
          entry.tries.length]);
        entry.tries.forEach(function (attempt) {
          if (attempt.outcome === "passed") return;
          row.append(el("div", { "class": "meta" }, ["try " + attempt.try + ", " + attempt.outcome + ": " +
            (attempt.difference || attempt.error || "") +
            (attempt.actual ? " · answered " + JSON.stringify(attempt.actual) : "")]));
        });
        return row;
      }
      document.getElementById("flaky-section").hidden = flakyItems.length === 0;

      function renderList(id, items, query, limit, render, noun) {
        var box = document.getElementById(id);
        box.textContent = "";
        if (items.length === 0) { box.append(el("p", { "class": "empty" }, ["No " + noun + "."])); return 0; }
        var matching = items.filter(function (item) { return !query || item.text.indexOf(query) !== -1; });
        if (matching.length === 0) box.append(el("p", { "class": "empty" }, ["No " + noun + " match the filter."]));
        matching.slice(0, limit).forEach(function (item) { box.append(render(item)); });
        if (matching.length > limit) {
          box.append(el("p", { "class": "more" }, ["Showing " + limit + " of " + matching.length + " matching " + noun +
            "; refine the filter to see the others."]));
        }
        return matching.length;
      }
      document.getElementById("listed-section").hidden = listedItems.length === 0;
      document.getElementById("stale-section").hidden = staleItems.length === 0;
      document.getElementById("load-section").hidden = loadItems.length === 0;

      var input = document.getElementById("filter");
      function applyFilter() {
        var query = input.value.trim().toLowerCase();
        var shown = renderList("failures", failureItems, query, FAILURE_LIMIT, renderFailure, "failures");
        renderList("listed", listedItems, query, LIST_LIMIT, renderListed, "expected failures");
        renderList("flaky", flakyItems, query, LIST_LIMIT, renderFlaky, "flaky tests");
        renderList("stale", staleItems, query, LIST_LIMIT, renderStale, "stale entries");
        renderList("load-errors", loadItems, query, LIST_LIMIT, renderLoad, "load errors");
        if (implementations.length > 0) {
          renderList("drift", driftItems, query, FAILURE_LIMIT, renderDrift, "disagreements between the implementations");
        }
        // Rows are filtered by suite name only when some suite matches; otherwise the query is
        // about something else (an id, a tag, a message) and the whole matrix stays.
        function rowMatches(row) { return row.getAttribute("data-suite").toLowerCase().indexOf(query) !== -1; }
        var someRow = query !== "" && matrixRows.some(rowMatches);
        matrixRows.forEach(function (row) { row.hidden = someRow && !rowMatches(row); });
        var count = document.getElementById("filter-count");
        count.textContent = query ? shown + " of " + failureItems.length + " failures match" : "";
        count.setAttribute("data-matching", String(shown));
      }
      input.addEventListener("input", applyFilter);
      // `report.html#filter=TEXT` opens the report filtered, for links from a CI dashboard.
      if (location.hash.indexOf("#filter=") === 0) {
        try { input.value = decodeURIComponent(location.hash.slice(8)); } catch (error) { input.value = ""; }
      }
      applyFilter();
      // For the page's other scripts (HTMLBetweenRuns): the data and the text-only helpers.
      window.conformanceReport = { report: report, el: el, visible: visible };
      document.body.setAttribute("data-rendered", "true");
    })();
    """#
}
