// Package metrics exposes the process counters and timings through expvar
// (scraped from /debug/vars by the metrics sidecar).
package metrics

import (
	"expvar"
	"strings"
	"sync"
	"time"
)

// Recorder is what the rest of the code base depends on.
type Recorder interface {
	Inc(name string, labels ...string)
	Observe(name string, d time.Duration, labels ...string)
}

// Expvar is a Recorder publishing under a single expvar map.
type Expvar struct {
	counters *expvar.Map
	timings  *expvar.Map
	mu       sync.Mutex
}

var (
	once     sync.Once
	instance *Expvar
)

// NewExpvar returns the process-wide recorder. expvar names are global, so
// every caller shares one instance.
func NewExpvar() *Expvar {
	once.Do(func() {
		instance = &Expvar{
			counters: expvar.NewMap("housing_counters"),
			timings:  expvar.NewMap("housing_timings_ms"),
		}
	})
	return instance
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

// Observe records the last duration and accumulates a total.
func (e *Expvar) Observe(name string, d time.Duration, labels ...string) {
	k := key(name, labels)
	e.mu.Lock()
	defer e.mu.Unlock()
	e.timings.AddFloat(k+"_total", float64(d.Milliseconds()))
	e.counters.Add(k+"_count", 1)
}

var _ Recorder = (*Expvar)(nil)
