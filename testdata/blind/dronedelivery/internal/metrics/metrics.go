// Package metrics is a thin expvar-backed recorder used by handlers and consumers.
package metrics

import (
	"expvar"
	"strings"
	"sync"
	"time"
)

// Recorder records counters and latencies.
type Recorder interface {
	Inc(name string, labels ...string)
	Observe(name string, d time.Duration, labels ...string)
}

// Expvar publishes metrics under a single expvar map.
type Expvar struct {
	counters *expvar.Map
	timings  *expvar.Map
	mu       sync.Mutex
}

var (
	defaultOnce sync.Once
	defaultExp  *Expvar
)

// Default returns the process-wide recorder. expvar names are global, so
// there is exactly one.
func Default() *Expvar {
	defaultOnce.Do(func() {
		defaultExp = &Expvar{
			counters: expvar.NewMap("skyhop_counters"),
			timings:  expvar.NewMap("skyhop_timings_ms"),
		}
	})
	return defaultExp
}

func key(name string, labels []string) string {
	if len(labels) == 0 {
		return name
	}
	return name + "{" + strings.Join(labels, ",") + "}"
}

// Inc increments a counter.
func (e *Expvar) Inc(name string, labels ...string) {
	e.counters.Add(key(name, labels), 1)
}

// Observe records the last latency and a running total under name.
func (e *Expvar) Observe(name string, d time.Duration, labels ...string) {
	k := key(name, labels)
	e.mu.Lock()
	defer e.mu.Unlock()
	e.timings.AddFloat(k+"_total", float64(d.Microseconds())/1000)
	e.counters.Add(k+"_count", 1)
}

// Nop discards everything.
type Nop struct{}

func (Nop) Inc(string, ...string)                    {}
func (Nop) Observe(string, time.Duration, ...string) {}
