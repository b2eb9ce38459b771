// Package metrics is a small expvar-backed registry.
package metrics

import (
	"expvar"
	"strings"
	"sync"
	"sync/atomic"
)

// Registry holds named counters and histograms.
type Registry struct {
	mu         sync.Mutex
	counters   map[string]*Counter
	histograms map[string]*Histogram
	root       *expvar.Map
}

// NewRegistry publishes the registry under name.
func NewRegistry(name string) *Registry {
	r := &Registry{
		counters:   make(map[string]*Counter),
		histograms: make(map[string]*Histogram),
	}
	if v := expvar.Get(name); v != nil {
		r.root = v.(*expvar.Map)
	} else {
		r.root = expvar.NewMap(name)
	}
	return r
}

// Counter is a monotonically increasing value.
type Counter struct{ v atomic.Int64 }

// Inc adds one.
func (c *Counter) Inc() { c.v.Add(1) }

// Add adds n.
func (c *Counter) Add(n int64) { c.v.Add(n) }

// String implements expvar.Var.
func (c *Counter) String() string { return expvar.Func(func() any { return c.v.Load() }).String() }

// Histogram keeps a running count and sum.
type Histogram struct {
	mu    sync.Mutex
	count int64
	sum   float64
}

// Observe records one sample.
func (h *Histogram) Observe(v float64) {
	h.mu.Lock()
	h.count++
	h.sum += v
	h.mu.Unlock()
}

// String implements expvar.Var.
func (h *Histogram) String() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return expvar.Func(func() any { return map[string]any{"count": h.count, "sum": h.sum} }).String()
}

// Counter returns the counter for name and labels, creating it.
func (r *Registry) Counter(name string, labels ...string) *Counter {
	key := name + "{" + strings.Join(labels, ",") + "}"
	r.mu.Lock()
	defer r.mu.Unlock()
	c, ok := r.counters[key]
	if !ok {
		c = &Counter{}
		r.counters[key] = c
		r.root.Set(key, c)
	}
	return c
}

// Histogram returns the histogram for name and labels, creating it.
func (r *Registry) Histogram(name string, labels ...string) *Histogram {
	key := name + "{" + strings.Join(labels, ",") + "}"
	r.mu.Lock()
	defer r.mu.Unlock()
	h, ok := r.histograms[key]
	if !ok {
		h = &Histogram{}
		r.histograms[key] = h
		r.root.Set(key, h)
	}
	return h
}
