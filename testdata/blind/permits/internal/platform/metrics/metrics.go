// Package metrics keeps in-process counters and latency sums exposed on
// /debug/vars.
package metrics

import (
	"expvar"
	"sync"
	"time"

	"go.uber.org/fx"
)

// Recorder records operation outcomes.
type Recorder interface {
	Observe(op string, started time.Time, err error)
}

type expvarRecorder struct {
	mu      sync.Mutex
	calls   *expvar.Map
	errors  *expvar.Map
	latency *expvar.Map
}

var (
	once   sync.Once
	shared *expvarRecorder
)

// NewRecorder returns the process-wide Recorder.
func NewRecorder() Recorder {
	once.Do(func() {
		shared = &expvarRecorder{
			calls:   expvar.NewMap("op_calls"),
			errors:  expvar.NewMap("op_errors"),
			latency: expvar.NewMap("op_latency_ms_total"),
		}
	})
	return shared
}

func (r *expvarRecorder) Observe(op string, started time.Time, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls.Add(op, 1)
	r.latency.AddFloat(op, float64(time.Since(started).Microseconds())/1000)
	if err != nil {
		r.errors.Add(op, 1)
	}
}

// Module provides Recorder.
var Module = fx.Module("metrics", fx.Provide(NewRecorder))
