package main

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"
)

// row is one line of a size's table: a scenario against both servers (or the API alone).
type row struct {
	name        string
	concurrency int
	apiOnly     bool
	api, thin   phase
}

// sizeResult is everything measured at one table size.
type sizeResult struct {
	customers        int
	seeded, analyzed time.Duration // adding this size's customers; VACUUM ANALYZE after
	rows             []row
	// The servers' memory after the last row (GET by id at the RSS concurrency).
	apiRSS, thinRSS     rss
	apiRSSOK, thinRSSOK bool
}

// runInfo is what the whole run was made of, for the report's heading.
type runInfo struct {
	started        time.Time
	opts           loadOptions
	rssConcurrency int
	items          int
	setup, items0  time.Duration // migrate + tenant + token; seeding the items
	postgres       string
	cpus           int
	goVersion      string
	metrics        bool // the API's /metrics answered
}

// render writes the report in Markdown: a table per size, then its memory, the big page's
// allocation and, from the second size on, the comparison with the first.
func render(w io.Writer, info runInfo, sizes []sizeResult) {
	p := func(format string, args ...any) { _, _ = fmt.Fprintf(w, format, args...) }
	p("## Load benchmark\n\n")
	p("%s · %d CPUs · %s · %s · c=%d · %s per scenario after a %s warm-up · %s items with vendor details and price breaks",
		info.started.UTC().Format("2006-01-02 15:04 UTC"), info.cpus, info.goVersion, info.postgres,
		info.opts.concurrency, info.opts.duration, info.opts.warmup, thousands(info.items))
	p(" · migrate, tenant and token %s, items %s\n\n", round(info.setup), round(info.items0))
	if !info.metrics {
		p("The API's /metrics (MOS_METRICS_ADDR) did not answer: its allocations are n/a.\n\n")
	}
	for i, s := range sizes {
		p("### %s customers\n\n", thousands(s.customers))
		p("Seeded in %s (VACUUM ANALYZE %s).\n\n", round(s.seeded), round(s.analyzed))
		p("| request | API req/s | thin req/s | ratio | API p50 | API p99 | thin p50 | thin p99 | allocs/req | errors |\n")
		p("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n")
		for _, r := range s.rows {
			p("| %s | %s |\n", rowName(r, info.opts.concurrency), strings.Join(rowCells(r), " | "))
		}
		p("\n")
		p("- RSS after GET by id at c=%d: API %s, thin %s\n", info.rssConcurrency,
			rssText(s.apiRSS, s.apiRSSOK), rssText(s.thinRSS, s.thinRSSOK))
		if r, ok := findRow(s, bigPageRow); ok {
			p("- Bytes allocated per request, Take=5000: API %s, thin %s\n", mib(r.api.bytesPerReq), mib(r.thin.bytesPerReq))
		}
		if i > 0 {
			first := sizes[0]
			if a, b, ok := bothRows(first, s, firstPageRow); ok {
				p("- First page (Take=50) p50, %s vs %s customers: API %s vs %s (%s), thin %s vs %s (%s)\n",
					thousands(s.customers), thousands(first.customers),
					ms(percentile(b.api.latencies, 50)), ms(percentile(a.api.latencies, 50)),
					times(float64(percentile(b.api.latencies, 50)), float64(percentile(a.api.latencies, 50))),
					ms(percentile(b.thin.latencies, 50)), ms(percentile(a.thin.latencies, 50)),
					times(float64(percentile(b.thin.latencies, 50)), float64(percentile(a.thin.latencies, 50))))
			}
			if a, b, ok := bothRows(first, s, bigPageRow); ok {
				p("- Bytes allocated per Take=5000 request, %s vs %s customers: API %s vs %s (%s)\n",
					thousands(s.customers), thousands(first.customers), mib(b.api.bytesPerReq), mib(a.api.bytesPerReq),
					times(b.api.bytesPerReq, a.api.bytesPerReq))
			}
		}
		for _, r := range s.rows {
			for _, ph := range []struct {
				name string
				p    phase
			}{{"API", r.api}, {"thin", r.thin}} {
				if ph.p.errors > 0 {
					p("- ⚠ %s, %s: %d errors, e.g. %s\n", rowName(r, info.opts.concurrency), ph.name, ph.p.errors,
						strings.Join(ph.p.samples, "; "))
				}
			}
		}
		p("\n")
	}
}

func rowName(r row, defaultConcurrency int) string {
	if r.concurrency != defaultConcurrency {
		return fmt.Sprintf("%s (c=%d)", r.name, r.concurrency)
	}
	return r.name
}

// rowCells are a row's cells after the request's name.
func rowCells(r row) []string {
	dash := "—"
	cells := []string{thousands(int(math.Round(r.api.reqPerSec()))), dash, dash,
		ms(percentile(r.api.latencies, 50)), ms(percentile(r.api.latencies, 99)), dash, dash,
		count(r.api.mallocsPerReq), errorsText(r)}
	if !r.apiOnly {
		cells[1] = thousands(int(math.Round(r.thin.reqPerSec())))
		if r.thin.reqPerSec() > 0 {
			cells[2] = strconv.FormatFloat(r.api.reqPerSec()/r.thin.reqPerSec(), 'f', 2, 64)
		}
		cells[5], cells[6] = ms(percentile(r.thin.latencies, 50)), ms(percentile(r.thin.latencies, 99))
		cells[7] = fmt.Sprintf("%s (thin %s)", count(r.api.mallocsPerReq), count(r.thin.mallocsPerReq))
	}
	return cells
}

func errorsText(r row) string {
	if r.api.errors == 0 && r.thin.errors == 0 {
		return "0"
	}
	if r.apiOnly {
		return fmt.Sprintf("⚠ %d", r.api.errors)
	}
	return fmt.Sprintf("⚠ API %d, thin %d", r.api.errors, r.thin.errors)
}

func findRow(s sizeResult, name string) (row, bool) {
	for _, r := range s.rows {
		if r.name == name {
			return r, true
		}
	}
	return row{}, false
}

func bothRows(a, b sizeResult, name string) (row, row, bool) {
	ra, okA := findRow(a, name)
	rb, okB := findRow(b, name)
	return ra, rb, okA && okB
}

// ms writes a latency in a unit that keeps three significant digits.
func ms(d time.Duration) string {
	switch {
	case d == 0:
		return "—"
	case d < time.Millisecond:
		return fmt.Sprintf("%d µs", d.Microseconds())
	case d < 10*time.Millisecond:
		return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond))
	case d < 100*time.Millisecond:
		return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond))
	case d < 10*time.Second:
		return fmt.Sprintf("%.0f ms", float64(d)/float64(time.Millisecond))
	default:
		return fmt.Sprintf("%.1f s", d.Seconds())
	}
}

// round shortens a duration of seeding for reading.
func round(d time.Duration) string {
	if d < time.Second {
		return d.Round(time.Millisecond).String()
	}
	return d.Round(100 * time.Millisecond).String()
}

// count writes a per-request count, n/a when not measured.
func count(v float64) string {
	if math.IsNaN(v) {
		return "n/a"
	}
	return thousands(int(math.Round(v)))
}

// mib writes bytes in KiB or MiB, n/a when not measured.
func mib(v float64) string {
	switch {
	case math.IsNaN(v):
		return "n/a"
	case v < 1<<20:
		return fmt.Sprintf("%.1f KiB", v/(1<<10))
	default:
		return fmt.Sprintf("%.1f MiB", v/(1<<20))
	}
}

// times writes a/b as a factor, n/a when either is unknown.
func times(a, b float64) string {
	if math.IsNaN(a) || math.IsNaN(b) || b == 0 {
		return "n/a"
	}
	return fmt.Sprintf("×%.2f", a/b)
}

func rssText(r rss, ok bool) string {
	if !ok {
		return "n/a"
	}
	return fmt.Sprintf("VmRSS %.1f MiB (VmHWM %.1f MiB)", float64(r.rssKB)/1024, float64(r.hwmKB)/1024)
}

// thousands writes n with comma separators.
func thousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}
