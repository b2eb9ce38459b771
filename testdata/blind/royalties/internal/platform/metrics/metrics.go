// Package metrics is a deliberately small metrics facade published through
// expvar. It is enough for the dashboards the team uses and keeps the
// service free of a metrics SDK dependency.
package metrics

import (
	"expvar"
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
	once sync.Once
	m    *expvar.Map
	name string
}

// NewExpvar returns a Recorder publishing under name.
func NewExpvar(name string) *Expvar { return &Expvar{name: name} }

func (e *Expvar) vars() *expvar.Map {
	e.once.Do(func() {
		if v := expvar.Get(e.name); v != nil {
			if m, ok := v.(*expvar.Map); ok {
				e.m = m
				return
			}
		}
		e.m = expvar.NewMap(e.name)
	})
	return e.m
}

func key(name string, labels []string) string {
	k := name
	for _, l := range labels {
		k += "." + l
	}
	return k
}

// Inc implements Recorder.
func (e *Expvar) Inc(name string, labels ...string) {
	e.vars().Add(key(name, labels), 1)
}

// Observe implements Recorder. Latencies are kept as a running total in
// microseconds plus a count, which is what the dashboards divide.
func (e *Expvar) Observe(name string, d time.Duration, labels ...string) {
	k := key(name, labels)
	e.vars().Add(k+".count", 1)
	e.vars().Add(k+".us", d.Microseconds())
}

// Nop discards everything.
type Nop struct{}

// Inc implements Recorder.
func (Nop) Inc(string, ...string) {}

// Observe implements Recorder.
func (Nop) Observe(string, time.Duration, ...string) {}

// Outcome maps an error to a metric label.
func Outcome(err error) string {
	if err != nil {
		return "error"
	}
	return "ok"
}
