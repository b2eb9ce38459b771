package obs

import (
	"expvar"
	"strings"
	"sync"
	"time"
)

// Metrics is the minimal metrics surface used by decorators and consumers.
type Metrics interface {
	Inc(name string, labels ...string)
	ObserveDuration(name string, d time.Duration, labels ...string)
}

// ExpvarMetrics publishes counters and cumulative durations through expvar.
type ExpvarMetrics struct {
	mu       sync.Mutex
	counters *expvar.Map
	timings  *expvar.Map
}

var (
	expvarOnce sync.Once
	expvarInst *ExpvarMetrics
)

// NewExpvarMetrics returns the process-wide expvar-backed Metrics.
func NewExpvarMetrics() *ExpvarMetrics {
	expvarOnce.Do(func() {
		expvarInst = &ExpvarMetrics{
			counters: expvar.NewMap("fulfilment_counters"),
			timings:  expvar.NewMap("fulfilment_timings_ms"),
		}
	})
	return expvarInst
}

func key(name string, labels []string) string {
	if len(labels) == 0 {
		return name
	}
	return name + "{" + strings.Join(labels, ",") + "}"
}

// Inc increments a counter.
func (m *ExpvarMetrics) Inc(name string, labels ...string) {
	m.counters.Add(key(name, labels), 1)
}

// ObserveDuration accumulates a duration in milliseconds.
func (m *ExpvarMetrics) ObserveDuration(name string, d time.Duration, labels ...string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.timings.Add(key(name, labels), d.Milliseconds())
}
