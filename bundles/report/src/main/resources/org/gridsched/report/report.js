/* gridsched report: draws the charts of one run, a matrix or a diff from the JSON data in #report-data.
   Gantt charts are drawn on canvases by this script (a million rectangles are beyond a charting library's
   items); every other chart is ECharts with its SVG renderer, so that each can be saved as SVG. */
(function () {
  'use strict';
  var D = JSON.parse(document.getElementById('report-data').textContent);
  var PALETTE = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#76b7b2', '#edc948', '#b07aa1', '#ff9da7', '#9c755f',
    '#bab0ac', '#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#bcbd22', '#7f7f7f'];
  var STATE_COLOURS = {COMPLETED_SUCCESSFULLY: '#4e79a7', COMPLETED_WALLTIME_REACHED: '#f28e2b',
    COMPLETED_KILLED: '#e15759', COMPLETED_FAILED: '#b07aa1', REJECTED: '#bab0ac'};
  var charts = [];

  function human(s) {
    var a = Math.abs(s);
    if (a >= 86400 * 2) return (s / 86400).toFixed(a >= 864000 ? 0 : 1) + ' d';
    if (a >= 7200) return (s / 3600).toFixed(a >= 36000 ? 0 : 1) + ' h';
    if (a >= 120) return (s / 60).toFixed(a >= 600 ? 0 : 1) + ' min';
    return (Math.round(s * 1000) / 1000) + ' s';
  }

  function svgChart(id, option) {
    var el = document.getElementById(id);
    if (!el) return null;
    var c = echarts.init(el, null, {renderer: 'svg'});
    option.animation = false;
    option.toolbox = {feature: {saveAsImage: {title: 'save as SVG', name: id}}};
    c.setOption(option);
    charts.push(c);
    return c;
  }

  /* ---------- Gantt data: inflate, then decode the varint columns ---------- */
  function inflate(b64) {
    var bin = atob(b64);
    var bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
    return new Response(stream).arrayBuffer().then(function (buf) { return new Uint8Array(buf); });
  }

  function Reader(bytes, from, to) { this.b = bytes; this.p = from; this.end = to; }
  Reader.prototype.u = function () {
    var v = 0, mul = 1, byte;
    do { byte = this.b[this.p++]; v += (byte & 0x7f) * mul; mul *= 128; } while (byte & 0x80);
    return v;
  };
  Reader.prototype.z = function () { var v = this.u(); return v % 2 === 0 ? v / 2 : -(v + 1) / 2; };

  function decode(G, bytes) {
    var head = new Reader(bytes, 0, bytes.length), lens = [];
    for (var k = 0; k < 8; k++) lens.push(head.u());
    var pos = head.p, cols = [];
    for (k = 0; k < 8; k++) { cols.push(new Reader(bytes, pos, pos + lens[k])); pos += lens[k]; }
    var n = G.jobs, m = G.rects;
    var J = {n: n, id: new Array(n), start: new Float64Array(n), end: new Float64Array(n), wait: new Float64Array(n),
      state: new Uint8Array(n), user: new Int32Array(n), first: new Int32Array(n + 1), multi: new Uint8Array(n)};
    var R = {job: new Int32Array(m), from: new Int32Array(m), count: new Int32Array(m)};
    var id = 0, start = 0, r = 0;
    for (var j = 0; j < n; j++) {
      if (G.numericIds) { id += cols[0].z(); J.id[j] = String(id); } else { J.id[j] = G.ids[j]; }
      start += cols[1].z();
      J.start[j] = G.origin + start * G.quantum;
      J.end[j] = J.start[j] + cols[2].u() * G.quantum;
      J.wait[j] = cols[3].u() * G.quantum;
      J.state[j] = cols[4].u();
      J.user[j] = D.users ? cols[5].u() : -1;
      var runs = cols[6].u();
      J.first[j] = r;
      var cl = -1;
      for (var q = 0; q < runs; q++) {
        R.job[r] = j; R.from[r] = cols[7].u(); R.count[r] = cols[7].u();
        var c = clusterOf(R.from[r]);
        if (cl >= 0 && c !== cl) J.multi[j] = 1;
        cl = c;
        r++;
      }
    }
    J.first[n] = r;
    return {J: J, R: R};
  }

  function clusterOf(p) {
    var cs = D.clusters;
    for (var c = cs.length - 1; c >= 0; c--) if (p >= cs[c].offset) return c;
    return 0;
  }

  /* ---------- Gantt charts ---------- */
  var MAX_RECTS = 50000;   // beyond this many jobs in view, a cluster is drawn as a busy-fraction raster
  var gantt = null;

  function Gantt(data) {
    this.J = data.J; this.R = data.R;
    var lo = Infinity, hi = -Infinity;
    for (var j = 0; j < this.J.n; j++) { lo = Math.min(lo, this.J.start[j]); hi = Math.max(hi, this.J.end[j]); }
    if (!(hi > lo)) { lo = 0; hi = 1; }
    this.full = [lo, hi];
    this.win = [lo, hi];
    this.colourBy = D.users && D.users.length > 1 ? 'user' : 'job'; // one user: every job one colour
    this.hover = -1;
    this.byCluster = D.clusters.map(function () { return []; });
    for (var r = 0; r < this.R.job.length; r++) this.byCluster[clusterOf(this.R.from[r])].push(r);
    this.byCluster = this.byCluster.map(function (a) { return Int32Array.from(a); });
    this.down = unavailableByCluster();
    this.canvases = [];
    var box = document.getElementById('gantt-charts');
    var self = this;
    D.clusters.forEach(function (cl, c) {
      var wrap = document.createElement('div');
      wrap.className = 'gantt-cluster';
      var title = document.createElement('div');
      title.className = 'gantt-title';
      title.textContent = cl.name + ' (' + cl.size + ' processors)';
      var note = document.createElement('span');
      note.className = 'gantt-note';
      title.appendChild(note);
      var cv = document.createElement('canvas');
      cv.className = 'gantt-canvas';
      cv.height = Math.max(120, Math.min(360, cl.size * 3)) + 22;
      wrap.appendChild(title); wrap.appendChild(cv); box.appendChild(wrap);
      self.canvases.push({canvas: cv, note: note, cluster: c, drawn: []});
      self.listen(cv, c);
    });
    this.resize();
    window.addEventListener('resize', function () { self.resize(); });
    var sel = document.getElementById('gantt-colour');
    if (!D.users) sel.querySelector('option[value=user]').disabled = true;
    sel.value = this.colourBy;
    sel.addEventListener('change', function () { self.colourBy = sel.value; self.draw(); });
    document.getElementById('gantt-reset').addEventListener('click', function () { self.setWindow(self.full[0], self.full[1], true); });
    document.getElementById('gantt-apply').addEventListener('click', function () {
      var a = parseFloat(document.getElementById('gantt-from').value), b = parseFloat(document.getElementById('gantt-to').value);
      if (b > a) self.setWindow(a, b, true);
    });
  }

  /* Processors unavailable (failed, off, switching; unavailable.csv), per cluster: {from, to, state, runs}. */
  function unavailableByCluster() {
    var out = D.clusters.map(function () { return []; });
    if (!D.unavailable) return out;
    D.unavailable.intervals.forEach(function (row) {
      out[row[0]].push({from: row[1], to: row[2], state: row[3], runs: row.slice(4)});
    });
    return out;
  }

  /* A hatched fill of a state's colour: unavailable processors must not be mistaken for a job's rectangle. Under the
     jobs, the colour with white lines; over the busy-share map (linesOnly), lines of the colour on a transparent ground:
     between them the map's cells keep their colour, so a cell's busy share stays readable where processors were down
     (drawn under the map, the hatch showed through its translucent cells and changed their colour, and the busiest
     cells hid it). */
  var hatches = {};
  function hatch(ctx, colour, linesOnly) {
    var key = colour + (linesOnly ? ' lines' : '');
    if (hatches[key]) return hatches[key];
    var t = document.createElement('canvas');
    t.width = 6; t.height = 6;
    var c = t.getContext('2d');
    if (!linesOnly) { c.fillStyle = colour; c.fillRect(0, 0, 6, 6); }
    c.strokeStyle = linesOnly ? colour : 'rgba(255,255,255,0.55)'; c.lineWidth = 1.5;
    c.beginPath(); c.moveTo(0, 6); c.lineTo(6, 0); c.moveTo(-1, 1); c.lineTo(1, -1); c.moveTo(5, 7); c.lineTo(7, 5); c.stroke();
    hatches[key] = ctx.createPattern(t, 'repeat');
    return hatches[key];
  }

  Gantt.prototype.drawUnavailable = function (ctx, g, a, b, sx, sy, linesOnly) {
    var cl = D.clusters[g.cluster], list = this.down[g.cluster], W = g.canvas.width, n = 0;
    for (var i = 0; i < list.length; i++) {
      var u = list[i];
      if (u.to <= a || u.from >= b) continue;
      n++;
      var x0 = Math.max(0, (u.from - a) * sx), x1 = Math.min(W, (u.to - a) * sx);
      ctx.fillStyle = hatch(ctx, D.unavailable.colours[u.state], linesOnly);
      for (var k = 0; k < u.runs.length; k += 2) {
        ctx.fillRect(x0, (u.runs[k] - cl.offset) * sy, Math.max(x1 - x0, 0.75), Math.max(u.runs[k + 1] * sy, 0.75));
      }
    }
    return n;
  };

  Gantt.prototype.resize = function () {
    var w = document.getElementById('gantt-charts').clientWidth || 900;
    this.canvases.forEach(function (g) { g.canvas.width = w; });
    this.draw();
  };

  Gantt.prototype.colour = function (j) {
    if (this.colourBy === 'state') return STATE_COLOURS[D.states[this.J.state[j]]] || PALETTE[this.J.state[j] % 20];
    if (this.colourBy === 'user' && this.J.user[j] >= 0) return PALETTE[this.J.user[j] % 20];
    var id = this.J.id[j], h = 0;
    for (var i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) | 0;
    return PALETTE[(h >>> 0) % 20];
  };

  Gantt.prototype.setWindow = function (a, b, propagate) {
    var span = this.full[1] - this.full[0];
    a = Math.max(this.full[0] - span * 0.05, a); b = Math.min(this.full[1] + span * 0.05, b);
    if (!(b - a > 1e-9)) return;
    this.win = [a, b];
    document.getElementById('gantt-from').value = +a.toFixed(3);
    document.getElementById('gantt-to').value = +b.toFixed(3);
    this.draw();
    if (propagate && window.onGanttWindow) window.onGanttWindow(a, b);
  };

  Gantt.prototype.draw = function () {
    var self = this;
    this.canvases.forEach(function (g) { self.drawCluster(g); });
  };

  Gantt.prototype.drawCluster = function (g) {
    var cv = g.canvas, ctx = cv.getContext('2d'), W = cv.width, H = cv.height - 22;
    var cl = D.clusters[g.cluster], J = this.J, R = this.R, list = this.byCluster[g.cluster];
    var a = this.win[0], b = this.win[1], sx = W / (b - a), sy = H / cl.size;
    ctx.clearRect(0, 0, W, cv.height);
    ctx.fillStyle = '#fafafa'; ctx.fillRect(0, 0, W, H);
    var visible = [], downs, jobs = 0, last = -1;
    for (var i = 0; i < list.length; i++) {
      var r = list[i], j = R.job[r];
      if (J.end[j] > a && J.start[j] < b) {
        visible.push(r);
        if (j !== last) jobs++; // a job's rectangles are consecutive
        last = j;
      }
    }
    g.drawn = [];
    if (visible.length <= MAX_RECTS) {
      downs = this.drawUnavailable(ctx, g, a, b, sx, sy, false); // under the jobs (an unavailable processor runs none)
      g.note.textContent = '  ' + inView(jobs, visible.length);
      for (i = 0; i < visible.length; i++) {
        r = visible[i]; j = R.job[r];
        var x0 = Math.max(0, (J.start[j] - a) * sx), x1 = Math.min(W, (J.end[j] - a) * sx);
        var y0 = (R.from[r] - cl.offset) * sy, h = Math.max(R.count[r] * sy, 0.75);
        ctx.fillStyle = this.colour(j);
        ctx.fillRect(x0, y0, Math.max(x1 - x0, 0.75), h);
        if (x1 - x0 > 3 && h > 3) { ctx.strokeStyle = 'rgba(255,255,255,0.7)'; ctx.lineWidth = 0.5; ctx.strokeRect(x0, y0, x1 - x0, h); }
        if (J.multi[j] && x1 - x0 > 4) { // a part of a multi-cluster job, wide enough to tell: dashed outline
          ctx.setLineDash([3, 2]); ctx.strokeStyle = '#000'; ctx.lineWidth = 1; ctx.strokeRect(x0, y0, Math.max(x1 - x0, 1), h); ctx.setLineDash([]);
        }
        g.drawn.push(r);
      }
    } else {
      g.note.textContent = '  ' + inView(jobs, visible.length) + ': aggregated (share of processors busy); zoom in to at most '
        + count(MAX_RECTS, '', visible.length > jobs ? 'rectangles' : 'jobs') + ' to see each job';
      var cols = Math.max(1, Math.floor(W / 2)), rows = Math.max(1, Math.min(cl.size, Math.floor(H / 2)));
      var busy = new Float64Array(cols * rows), cw = (b - a) / cols, ch = cl.size / rows;
      for (i = 0; i < visible.length; i++) {
        r = visible[i]; j = R.job[r];
        var t0 = Math.max(a, J.start[j]), t1 = Math.min(b, J.end[j]);
        var c0 = Math.floor((t0 - a) / cw), c1 = Math.min(cols - 1, Math.floor((t1 - a) / cw));
        var p0 = R.from[r] - cl.offset, p1 = p0 + R.count[r];
        var r0 = Math.floor(p0 / ch), r1 = Math.min(rows - 1, Math.floor((p1 - 1e-9) / ch));
        for (var row = r0; row <= r1; row++) {
          var procs = Math.min(p1, (row + 1) * ch) - Math.max(p0, row * ch);
          for (var col = c0; col <= c1; col++) {
            var dt = Math.min(t1, a + (col + 1) * cw) - Math.max(t0, a + col * cw);
            if (dt > 0) busy[row * cols + col] += dt * procs;
          }
        }
      }
      var full = cw * ch, cellW = W / cols, cellH = H / rows;
      for (row = 0; row < rows; row++) {
        for (col = 0; col < cols; col++) {
          var f = busy[row * cols + col] / full;
          if (f > 0) { ctx.fillStyle = 'rgba(31,94,160,' + Math.min(1, 0.15 + 0.85 * f).toFixed(3) + ')'; ctx.fillRect(col * cellW, row * cellH, cellW + 0.5, cellH + 0.5); }
        }
      }
      downs = this.drawUnavailable(ctx, g, a, b, sx, sy, true); // over the map, lines only (see hatch)
    }
    if (downs > 0) g.note.textContent += '; ' + count(downs, 'interval', 'intervals') + ' of unavailable processors in view';
    if (this.hover >= 0) this.outline(ctx, g, this.hover, sx, sy, a);
    this.axis(ctx, W, H, a, b, cv);
  };

  /* "1 job", "2 jobs", "20,000 jobs". */
  function count(n, one, many) { return n.toLocaleString('en') + ' ' + (n === 1 ? one : many); }

  /* The jobs a Gantt chart shows, and its rectangles when there are more: a job on processors that are not adjacent
     is one rectangle per block of adjacent processors (the note counted rectangles as 'job parts': 30,303 of them
     for 20,000 jobs). */
  function inView(jobs, rects) {
    return count(jobs, 'job', 'jobs') + ' in view' + (rects > jobs ? ' (' + count(rects, 'rectangle', 'rectangles')
      + ': one per block of adjacent processors)' : '');
  }

  Gantt.prototype.outline = function (ctx, g, j, sx, sy, a) {
    var cl = D.clusters[g.cluster], J = this.J, R = this.R;
    ctx.strokeStyle = '#000'; ctx.lineWidth = 2;
    for (var r = J.first[j]; r < J.first[j + 1]; r++) {
      if (clusterOf(R.from[r]) !== g.cluster) continue;
      ctx.strokeRect((J.start[j] - a) * sx, (R.from[r] - cl.offset) * sy, Math.max((J.end[j] - J.start[j]) * sx, 2), Math.max(R.count[r] * sy, 2));
    }
  };

  /* The time axis under a Gantt chart: ticks at whole seconds, minutes, hours or days (a step of 10,000 s was
     labelled 2.8 h, 5.6 h, 8.3 h), each label exact, and none cut by the chart's right edge. The labels are also in
     the canvas's data-ticks attribute. */
  Gantt.prototype.axis = function (ctx, W, H, a, b, canvas) {
    ctx.fillStyle = '#fff'; ctx.fillRect(0, H, W, 22);
    ctx.strokeStyle = '#888'; ctx.lineWidth = 1; ctx.beginPath(); ctx.moveTo(0, H + 0.5); ctx.lineTo(W, H + 0.5); ctx.stroke();
    var step = timeStep((b - a) / Math.max(2, W / 140)), seconds = step < 60 && Math.max(Math.abs(a), Math.abs(b)) < 600;
    var labels = [];
    ctx.fillStyle = '#333'; ctx.font = '11px sans-serif';
    for (var k = Math.ceil(a / step); k * step <= b; k++) {
      var t = k * step, x = (t - a) * W / (b - a), label = clock(t, step, seconds);
      ctx.beginPath(); ctx.moveTo(x + 0.5, H); ctx.lineTo(x + 0.5, H + 5); ctx.stroke();
      if (x + 2 + ctx.measureText(label).width > W) break;
      ctx.fillText(label, x + 2, H + 16);
      labels.push(label);
    }
    canvas.setAttribute('data-ticks', labels.join('|'));
  };

  var TIME_STEPS = [1, 2, 5, 10, 15, 20, 30, 60, 120, 300, 600, 900, 1200, 1800, 3600, 7200, 10800, 21600, 43200,
    86400, 172800, 432000, 864000, 1728000, 4320000, 8640000];

  /* The smallest step of whole time units at least {@code want} seconds (1, 2 or 5 x a power of ten below a second and
     beyond 100 days). */
  function timeStep(want) {
    function nice(x) { var p = Math.pow(10, Math.floor(Math.log10(x))), k = x / p; return (k <= 1 ? 1 : k <= 2 ? 2 : k <= 5 ? 5 : 10) * p; }
    if (!(want > 0)) return 1;
    if (want < 1) return nice(want);
    for (var i = 0; i < TIME_STEPS.length; i++) if (TIME_STEPS[i] >= want) return TIME_STEPS[i];
    return nice(want / 86400) * 86400;
  }

  /* A tick's time, exact to the step: days, hours, minutes and seconds down to the step's unit, zeros left out
     (1 d 6 h, 2 h 30 min, 5 d 12.5 s); in seconds only when every tick is under 10 minutes (140 s). */
  function clock(t, step, seconds) {
    var decimals = step < 1 ? Math.max(0, -Math.floor(Math.log10(step) + 1e-9)) : 0;
    var neg = t < 0, v = Math.abs(t), out = [];
    if (seconds) return (neg ? '-' : '') + +v.toFixed(decimals) + ' s';
    var units = [[86400, 'd'], [3600, 'h'], [60, 'min']];
    for (var i = 0; i < units.length; i++) {
      var u = units[i][0];
      if (step >= u || v >= u) {
        var n = step >= u ? Math.round(v / u) : Math.floor(v / u + 1e-9);
        if (n > 0 || (out.length === 0 && step >= u)) out.push(n + ' ' + units[i][1]);
        v -= n * u;
        if (step >= u && Math.round(step / u) * u === step) return (neg ? '-' : '') + out.join(' ');
      }
    }
    v = +Math.max(0, v).toFixed(decimals);
    if (v > 0 || out.length === 0) out.push(v + ' s');
    return (neg ? '-' : '') + out.join(' ');
  }

  Gantt.prototype.jobAt = function (g, x, y) {
    var cl = D.clusters[g.cluster], J = this.J, R = this.R, cv = g.canvas;
    var a = this.win[0], sx = cv.width / (this.win[1] - a), sy = (cv.height - 22) / cl.size;
    var t = a + x / sx, p = cl.offset + y / sy, best = -1;
    for (var i = 0; i < g.drawn.length; i++) {
      var r = g.drawn[i], j = R.job[r];
      var slack = 1 / sx;  // rectangles narrower than a pixel are drawn a pixel wide
      if (t >= J.start[j] - slack && t <= J.end[j] + slack && p >= R.from[r] && p < R.from[r] + Math.max(R.count[r], 1 / sy)) best = j;
    }
    return best;
  };

  Gantt.prototype.listen = function (cv, c) {
    var self = this, drag = null, tip = document.getElementById('gantt-tip');
    cv.addEventListener('wheel', function (e) {
      e.preventDefault();
      var f = e.deltaY > 0 ? 1.25 : 0.8, t = self.win[0] + (self.win[1] - self.win[0]) * e.offsetX / cv.width;
      self.setWindow(t - (t - self.win[0]) * f, t + (self.win[1] - t) * f, true);
    }, {passive: false});
    cv.addEventListener('mousedown', function (e) { drag = {x: e.offsetX, win: self.win.slice()}; });
    window.addEventListener('mouseup', function () { drag = null; });
    cv.addEventListener('dblclick', function () { self.setWindow(self.full[0], self.full[1], true); });
    cv.addEventListener('mousemove', function (e) {
      if (drag) {
        var dt = (e.offsetX - drag.x) * (drag.win[1] - drag.win[0]) / cv.width;
        self.setWindow(drag.win[0] - dt, drag.win[1] - dt, true);
        return;
      }
      var g = self.canvases[c], j = self.jobAt(g, e.offsetX, e.offsetY);
      if (j !== self.hover) { self.hover = j; self.draw(); }
      var u = j < 0 ? self.unavailableAt(g, e.offsetX, e.offsetY) : null;
      if (j < 0 && !u) { tip.style.display = 'none'; return; }
      tip.innerHTML = j >= 0 ? self.describe(j) : u;
      tip.style.display = 'block';
      tip.style.left = (e.pageX + 12) + 'px'; tip.style.top = (e.pageY + 12) + 'px';
    });
    cv.addEventListener('mouseleave', function () { tip.style.display = 'none'; if (self.hover >= 0) { self.hover = -1; self.draw(); } });
  };

  /* The unavailable interval under the pointer, described, or null. */
  Gantt.prototype.unavailableAt = function (g, x, y) {
    var cl = D.clusters[g.cluster], list = this.down[g.cluster], cv = g.canvas;
    var a = this.win[0], sx = cv.width / (this.win[1] - a), sy = (cv.height - 22) / cl.size;
    var t = a + x / sx, p = cl.offset + y / sy, slack = 1 / sx;
    for (var i = list.length - 1; i >= 0; i--) {
      var u = list[i];
      if (t < u.from - slack || t > u.to + slack) continue;
      for (var k = 0; k < u.runs.length; k += 2) {
        if (p >= u.runs[k] && p < u.runs[k] + Math.max(u.runs[k + 1], 1 / sy)) {
          var ids = [];
          for (var m = 0; m < u.runs.length; m += 2) {
            var f = u.runs[m] - cl.offset;
            ids.push(f + (u.runs[m + 1] > 1 ? '-' + (f + u.runs[m + 1] - 1) : ''));
          }
          return '<b>' + D.unavailable.states[u.state].replace('_', ' ') + '</b><br>' + human(u.from) + ' to ' + human(u.to)
            + ' (' + human(u.to - u.from) + ')<br>processors: ' + String(cl.name).replace(/[&<>]/g, function (ch) {
              return {'&': '&amp;', '<': '&lt;', '>': '&gt;'}[ch]; }) + ' ' + ids.join(' ');
        }
      }
    }
    return null;
  };

  Gantt.prototype.describe = function (j) {
    var J = this.J, R = this.R, parts = [];
    for (var r = J.first[j]; r < J.first[j + 1]; r++) {
      var c = clusterOf(R.from[r]), off = D.clusters[c].offset;
      parts.push(D.clusters[c].name + ' ' + (R.from[r] - off) + (R.count[r] > 1 ? '-' + (R.from[r] - off + R.count[r] - 1) : ''));
    }
    var esc = function (s) { return String(s).replace(/[&<>]/g, function (ch) { return {'&': '&amp;', '<': '&lt;', '>': '&gt;'}[ch]; }); };
    return '<b>job ' + esc(J.id[j]) + '</b>' + (J.multi[j] ? ' (on several clusters)' : '') + '<br>start ' + human(J.start[j])
      + ', end ' + human(J.end[j]) + '<br>waited ' + human(J.wait[j]) + ', ran ' + human(J.end[j] - J.start[j])
      + '<br>processors: ' + esc(parts.join(', ')) + '<br>' + esc(D.states[J.state[j]])
      + (J.user[j] >= 0 ? '<br>user ' + esc(D.users[J.user[j]]) : '');
  };

  /* ---------- time axes of the ECharts charts ---------- */
  /* The time axes of one ECharts chart (seconds), ticking at whole seconds, minutes, hours or days as the Gantt charts'
     (ECharts' own steps are 1, 2 or 5 x 10^k s: 10,000 s was labelled 2.8 h, 5.6 h, and its first tick, at the first
     submission, 9.2 min). ECharts 5.3.1 puts a value axis's ticks at the multiples of the interval it picks between
     minInterval and maxInterval (a fixed interval would start at the axis's minimum), both set here to a step of
     timeStep, and adds a tick at each end of the axis, labelled here only when it is such a multiple. The step follows
     the chart's zoom and width. Returns the axes' options (extra: each axis's own keys); call watch(chart) once drawn. */
  function timeAxes(id, from, to, margin, extras) {
    var el = document.getElementById(id), st = {};
    function measure(a, b) {
      var W = Math.max(200, ((el && el.clientWidth) || 900) - margin);
      var step = timeStep((b - a) / Math.max(2, W / 140));
      var changed = step !== st.step;
      st.step = step;
      st.seconds = step < 60 && Math.max(Math.abs(a), Math.abs(b)) < 600;
      return changed;
    }
    function label(v) {
      var k = Math.round(v / st.step);
      return Math.abs(v - k * st.step) <= st.step * 1e-6 ? clock(k * st.step, st.step, st.seconds) : '';
    }
    function steps() { return extras.map(function () { return {minInterval: st.step, maxInterval: st.step}; }); }
    measure(from, to);
    return {
      axes: extras.map(function (extra) {
        var axis = {type: 'value', min: from, max: to, minInterval: st.step, maxInterval: st.step, axisLabel: {formatter: label}};
        for (var k in extra) axis[k] = extra[k];
        return axis;
      }),
      watch: function (chart) {
        if (!chart) return;
        function update() {
          var z = chart.getOption().dataZoom[0], span = to - from;
          var a = z.startValue !== undefined ? z.startValue : from + span * z.start / 100;
          var b = z.endValue !== undefined ? z.endValue : from + span * z.end / 100;
          if (measure(a, b)) chart.setOption({xAxis: steps()});
        }
        chart.on('datazoom', update);
        window.addEventListener('resize', update);
      }
    };
  }

  /* ---------- time series, distributions ---------- */
  function seriesCharts() {
    var S = D.series;
    if (!S) return;
    var xs = [];
    for (var b = 0; b < S.bins; b++) xs.push(S.from + (S.to - S.from) * (b + 0.5) / S.bins);
    function pts(row, scale) { return row.map(function (v, i) { return [xs[i], v * scale]; }); }
    var util = [], queue = [];
    D.clusters.forEach(function (cl, c) {
      util.push({name: cl.name + ' utilization %', type: 'line', showSymbol: false, step: 'middle', data: pts(S.busy[c], 100 / cl.size)});
      if (D.clusters.length > 1) queue.push({name: cl.name + ' queue', type: 'line', showSymbol: false, xAxisIndex: 1, yAxisIndex: 1, data: pts(S.queue[c], 1)});
    });
    var total = D.clusters.reduce(function (s, c) { return s + c.size; }, 0);
    if (D.clusters.length > 1) util.push({name: 'platform utilization %', type: 'line', showSymbol: false, lineStyle: {width: 2.5}, data: pts(S.busy[D.clusters.length], 100 / total)});
    util.push({name: 'busy processors', type: 'line', showSymbol: false, yAxisIndex: 2, lineStyle: {opacity: 0}, areaStyle: {opacity: 0.12}, data: pts(S.busy[D.clusters.length], 1)});
    queue.push({name: 'queue length (mean)', type: 'line', showSymbol: false, xAxisIndex: 1, yAxisIndex: 1, z: 3, itemStyle: {color: '#1f5ea0'}, data: pts(S.queue[D.clusters.length], 1)});
    queue.push({name: 'queue length (max)', type: 'line', showSymbol: false, xAxisIndex: 1, yAxisIndex: 1, z: 2, itemStyle: {color: '#f28e2b'}, lineStyle: {type: 'dashed', width: 1}, data: pts(S.queueMax, 1)});
    var time = timeAxes('chart-series', S.from, S.to, 120, [{}, {gridIndex: 1}]);
    var chart = svgChart('chart-series', {
      legend: {type: 'scroll', top: 0, left: 50, width: '85%'}, // clear of the save button (a scroll legend ignores right)
      tooltip: {trigger: 'axis', valueFormatter: function (v) { return (+v).toFixed(1); }},
      axisPointer: {link: [{xAxisIndex: 'all'}]},
      // below the legend and the save button: the axes' names are above their axes (they were under the legend)
      grid: [{top: 60, height: '30%', left: 60, right: 60}, {top: '58%', height: '28%', left: 60, right: 60}],
      xAxis: time.axes,
      // the busy processors' axis is the platform utilization's in processors: its ticks on the same lines (20 %
      // each); at ECharts' own ticks its top, the platform's size, was drawn over the tick below it (64 over 60)
      yAxis: [{type: 'value', name: 'utilization %', min: 0, max: 100, interval: 20},
        {type: 'value', gridIndex: 1, name: 'jobs waiting', minInterval: 1},
        {type: 'value', name: 'busy processors', position: 'right', min: 0, max: total, interval: total / 5,
          splitLine: {show: false}, axisLabel: {formatter: function (v) { return (total >= 50 ? Math.round(v) : Math.round(v * 10) / 10).toLocaleString('en'); }}}],
      dataZoom: [{type: 'inside', xAxisIndex: [0, 1], filterMode: 'none'}, {type: 'slider', xAxisIndex: [0, 1], bottom: 5, filterMode: 'none', labelFormatter: function (v) { return human(v); }}],
      series: util.concat(queue)
    });
    time.watch(chart);
    if (chart) linkZoom(chart);
  }

  /* ---------- energy and carbon (energy.csv): mean power per interval, cumulative energy and emissions ---------- */
  function energyCharts() {
    var E = D.energy;
    if (!E) return;
    var n = E.from.length, last = n - 1;
    // a step line: each interval's value from its start, and the last one held to the window's end
    function steps(v, scale) {
      var p = [];
      for (var i = 0; i < n; i++) p.push([E.from[i], v[i] * scale]);
      if (n > 0) p.push([E.to[last], v[last] * scale]);
      return p;
    }
    function cumulative(v, scale) {
      var p = n > 0 ? [[E.from[0], 0]] : [];
      for (var i = 0; i < n; i++) p.push([E.to[i], v[i] * scale]);
      return p;
    }
    var from = n ? E.from[0] : 0, to = n ? E.to[last] : 1;
    // stacked by hand (ECharts' stacking of step lines on a value axis misplaces the steps): each series is the sum of
    // the states up to it, drawn opaque over the next, so that the bands read busy, idle, off, switching from below
    var kinds = [['busy', '#4e79a7'], ['idle', '#f28e2b'], ['off', '#3b3b3b'], ['switching', '#b9b9b9']];
    // off and switching only when power management made any (as energy.png): a band of zeros is a legend entry for nothing
    kinds = kinds.filter(function (k, i) { return i < 2 || E[k[0]].some(function (w) { return w !== 0; }); });
    var top = new Array(n).fill(0), power = [];
    kinds.forEach(function (k, i) {
      top = top.map(function (t, j) { return t + E[k[0]][j]; });
      power.unshift({name: (i ? '+ ' : '') + k[0] + ' W', type: 'line', step: 'end', showSymbol: false, z: 2 + kinds.length - i,
        lineStyle: {width: 0.5, color: k[1]}, itemStyle: {color: k[1]}, areaStyle: {opacity: 1, color: k[1]}, data: steps(top, 1)});
    });
    power.reverse();
    power.push({name: 'energy kWh (cumulative)', type: 'line', yAxisIndex: 1, showSymbol: false, z: 10, itemStyle: {color: '#d62728'},
      lineStyle: {width: 2}, data: cumulative(E.joules, 1 / 3.6e6)});
    var time = timeAxes('chart-energy', from, to, 140, [{}]);
    time.watch(svgChart('chart-energy', {
      title: {text: 'platform power by processor state, and energy', left: 'center', top: 22, textStyle: {fontSize: 13}},
      legend: {type: 'scroll', top: 0, width: '85%'},
      tooltip: {trigger: 'axis', valueFormatter: function (v) { return (+v).toFixed(1); }},
      grid: {top: 55, left: 70, right: 70, bottom: 55},
      xAxis: time.axes,
      yAxis: [{type: 'value', name: 'W'}, {type: 'value', name: 'kWh', position: 'right'}],
      dataZoom: [{type: 'inside', filterMode: 'none'}, {type: 'slider', bottom: 5, filterMode: 'none', labelFormatter: function (v) { return human(v); }}],
      series: power
    }));
    if (!E.gph) return;
    var carbon = D.clusters.map(function (cl, c) {
      return {name: cl.name + ' g/h', type: 'line', step: 'end', showSymbol: false, data: steps(E.clusterGph[c], 1)};
    });
    carbon.push({name: 'CO2 kg (cumulative)', type: 'line', yAxisIndex: 1, showSymbol: false, z: 10, itemStyle: {color: '#222'},
      lineStyle: {width: 2}, data: cumulative(E.grams, 1 / 1000)});
    time = timeAxes('chart-carbon', from, to, 140, [{}]);
    time.watch(svgChart('chart-carbon', {
      title: {text: 'emission rate per cluster, and emissions', left: 'center', top: 22, textStyle: {fontSize: 13}},
      legend: {type: 'scroll', top: 0, width: '85%'},
      tooltip: {trigger: 'axis', valueFormatter: function (v) { return (+v).toFixed(2); }},
      grid: {top: 55, left: 70, right: 70, bottom: 55},
      xAxis: time.axes,
      yAxis: [{type: 'value', name: 'g CO2 / h'}, {type: 'value', name: 'kg CO2', position: 'right'}],
      dataZoom: [{type: 'inside', filterMode: 'none'}, {type: 'slider', bottom: 5, filterMode: 'none', labelFormatter: function (v) { return human(v); }}],
      series: carbon
    }));
  }

  function linkZoom(chart) {
    var S = D.series, busy = false;
    chart.on('datazoom', function () {
      if (busy || !gantt) return;
      var z = chart.getOption().dataZoom[0], span = S.to - S.from;
      var a = z.startValue !== undefined ? z.startValue : S.from + span * z.start / 100;
      var b = z.endValue !== undefined ? z.endValue : S.from + span * z.end / 100;
      gantt.setWindow(a, b, false);
    });
    window.onGanttWindow = function (a, b) {
      busy = true;
      chart.dispatchAction({type: 'dataZoom', startValue: a, endValue: b});
      busy = false;
    };
  }

  /* A histogram on logarithmic bins, each labelled by its edges: durations (the waits) with their unit, each label its
     own (1.78 s, 5.3 min, 2.8 h), ratios (the slowdowns) as plain numbers (a slowdown of 1,330 is not 22 min). */
  function histogram(id, H, title, edge) {
    var labels = [];
    for (var i = 0; i < H.counts.length; i++) labels.push(edge(H.edges[i]) + '–' + edge(H.edges[i + 1]));
    svgChart(id, {
      title: {text: title, left: 'center', textStyle: {fontSize: 13}},
      tooltip: {trigger: 'axis'},
      grid: {left: 60, right: 20, bottom: 80},
      xAxis: {type: 'category', data: labels, axisLabel: {rotate: 40, fontSize: 10}},
      yAxis: {type: 'value', name: 'jobs', minInterval: 1},
      series: [{type: 'bar', data: H.counts, barCategoryGap: '5%', itemStyle: {color: '#4e79a7'}}]
    });
  }

  /* Three significant digits, with thousands separators: the log bins' edges 1.33, 17.8, 237, 1,330. */
  function sig3(v) {
    if (v === 0 || !isFinite(v)) return String(v);
    var d = Math.floor(Math.log10(Math.abs(v))), p = Math.pow(10, d - 2);
    return (Math.round(v / p) * p).toLocaleString('en', {maximumFractionDigits: Math.max(0, 2 - d)});
  }

  function durationEdge(v) { return v < 120 ? sig3(v) + ' s' : human(v); }

  /* ---------- matrix: one box per column of each table ---------- */
  function matrixCharts() {
    (D.matrix || []).forEach(function (m, k) {
      svgChart('box-' + k, {
        title: {text: m.title, left: 'center', textStyle: {fontSize: 13}},
        tooltip: {trigger: 'item'},
        grid: {left: 70, right: 20, bottom: 60},
        xAxis: {type: 'category', data: m.labels, axisLabel: {interval: 0, rotate: m.labels.length > 6 ? 30 : 0}},
        yAxis: {type: 'value', scale: true},
        series: [{name: m.metric, type: 'boxplot', data: m.boxes},
          {name: 'runs', type: 'scatter', symbolSize: 5, itemStyle: {color: 'rgba(225,87,89,0.6)'}, data: m.points}]
      });
    });
  }

  /* ---------- diff of two runs ---------- */
  function diffCharts() {
    var F = D.diff;
    if (!F) return;
    svgChart('chart-diff', {
      title: {text: 'start in ' + F.b + ' minus start in ' + F.a + ' (jobs of both runs)', left: 'center', textStyle: {fontSize: 13}},
      tooltip: {trigger: 'axis'},
      grid: {left: 60, right: 20, bottom: 70},
      xAxis: {type: 'category', data: F.labels, axisLabel: {rotate: 40, fontSize: 10}},
      yAxis: {type: 'value', name: 'jobs', minInterval: 1},
      series: [{type: 'bar', data: F.counts.map(function (v, i) { return {value: v, itemStyle: {color: F.colours[i]}}; })}]
    });
  }

  function done() {
    var p = document.createElement('p');
    p.id = 'report-ready';
    p.textContent = 'charts drawn';
    p.className = 'ready';
    document.getElementById('report-status').appendChild(p);
    document.documentElement.setAttribute('data-report-ready', 'yes');
  }

  seriesCharts();
  energyCharts();
  if (D.dist) {
    histogram('chart-wait', D.dist.wait, 'wait', durationEdge);
    histogram('chart-slowdown', D.dist.slowdown, D.dist.slowdown.name, sig3);
    histogram('chart-bsld', D.dist.bsld, D.dist.bsld.name, sig3);
  }
  matrixCharts();
  diffCharts();
  window.addEventListener('resize', function () { charts.forEach(function (c) { c.resize(); }); });
  if (D.gantt && D.gantt.jobs > 0) {
    inflate(D.gantt.data).then(function (bytes) {
      gantt = new Gantt(decode(D.gantt, bytes));
      done();
    }).catch(function (e) { console.error('gantt: ' + e); done(); });
  } else {
    done();
  }
})();
