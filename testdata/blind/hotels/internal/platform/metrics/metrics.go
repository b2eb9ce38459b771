// Package metrics is a small recorder abstraction backed by expvar.
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

type expvarRecorder struct {
	mu   sync.Mutex
	maps map[string]*expvar.Map
}

// NewExpvar returns a Recorder publishing under /debug/vars.
func NewExpvar() Recorder {
	return &expvarRecorder{maps: map[string]*expvar.Map{}}
}

func (r *expvarRecorder) m(name string) *expvar.Map {
	r.mu.Lock()
	defer r.mu.Unlock()
	if m, ok := r.maps[name]; ok {
		return m
	}
	m := expvar.NewMap(name)
	r.maps[name] = m
	return m
}

func key(labels []string) string {
	k := ""
	for i, l := range labels {
		if i > 0 {
			k += ","
		}
		k += l
	}
	if k == "" {
		return "_"
	}
	return k
}

func (r *expvarRecorder) Inc(name string, labels ...string) {
	r.m(name).Add(key(labels), 1)
}

func (r *expvarRecorder) Observe(name string, d time.Duration, labels ...string) {
	r.m(name+"_ms_total").AddFloat(key(labels), float64(d)/float64(time.Millisecond))
	r.m(name+"_count").Add(key(labels), 1)
}
