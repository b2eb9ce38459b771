// Package metrics exposes process counters and timings through expvar.
package metrics

import (
	"expvar"
	"time"
)

var (
	calls     = expvar.NewMap("service_calls_total")
	errors    = expvar.NewMap("service_errors_total")
	latencyMs = expvar.NewMap("service_latency_ms_total")
	consumed  = expvar.NewMap("messages_consumed_total")
	failed    = expvar.NewMap("messages_failed_total")
)

// Recorder is what the decorators and consumers depend on.
type Recorder interface {
	ObserveCall(name string, started time.Time, err error)
	ObserveMessage(source string, err error)
}

// Expvar records to the process expvar maps.
type Expvar struct{}

// NewExpvar returns the expvar-backed recorder.
func NewExpvar() Recorder { return Expvar{} }

func (Expvar) ObserveCall(name string, started time.Time, err error) {
	calls.Add(name, 1)
	latencyMs.Add(name, time.Since(started).Milliseconds())
	if err != nil {
		errors.Add(name, 1)
	}
}

func (Expvar) ObserveMessage(source string, err error) {
	consumed.Add(source, 1)
	if err != nil {
		failed.Add(source, 1)
	}
}
