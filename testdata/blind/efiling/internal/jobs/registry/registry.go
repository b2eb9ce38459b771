// Package registry turns a table of {kind, worker} entries into a
// river.Workers bundle and the matching queue configuration.
package registry

import (
	"fmt"
	"sort"

	"github.com/riverqueue/river"
)

// Registrant is a typed worker ready to be added to a bundle.
type Registrant interface {
	kind() string
	queue() string
	add(*river.Workers) error
}

type registrant[T river.JobArgs] struct {
	w river.Worker[T]
}

func (r registrant[T]) kind() string {
	var args T
	return args.Kind()
}

func (r registrant[T]) queue() string {
	var args T
	if wo, ok := any(args).(river.JobArgsWithInsertOpts); ok {
		if q := wo.InsertOpts().Queue; q != "" {
			return q
		}
	}
	return river.QueueDefault
}

func (r registrant[T]) add(ws *river.Workers) error {
	return river.AddWorkerSafely[T](ws, r.w)
}

// Worker wraps a typed river worker for use in a table.
func Worker[T river.JobArgs](w river.Worker[T]) Registrant {
	return registrant[T]{w: w}
}

// Entry is one row of a worker table. Kind is written out so the table reads
// as documentation; Register checks it against the worker's args type.
type Entry struct {
	Kind   string
	Worker Registrant
}

// Table is a list of entries.
type Table []Entry

// Register adds every entry to ws.
func (t Table) Register(ws *river.Workers) error {
	seen := map[string]bool{}
	for _, e := range t {
		if got := e.Worker.kind(); got != e.Kind {
			return fmt.Errorf("registry: entry %q wraps a worker for %q", e.Kind, got)
		}
		if seen[e.Kind] {
			return fmt.Errorf("registry: duplicate kind %q", e.Kind)
		}
		seen[e.Kind] = true
		if err := e.Worker.add(ws); err != nil {
			return fmt.Errorf("registry: add %q: %w", e.Kind, err)
		}
	}
	return nil
}

// Queues returns a queue config covering every queue the table's kinds use,
// with maxWorkers goroutines each unless overridden.
func (t Table) Queues(maxWorkers int, overrides map[string]int) map[string]river.QueueConfig {
	out := map[string]river.QueueConfig{}
	for _, e := range t {
		q := e.Worker.queue()
		n := maxWorkers
		if o, ok := overrides[q]; ok {
			n = o
		}
		out[q] = river.QueueConfig{MaxWorkers: n}
	}
	return out
}

// Kinds lists the registered kinds, sorted.
func (t Table) Kinds() []string {
	ks := make([]string, 0, len(t))
	for _, e := range t {
		ks = append(ks, e.Kind)
	}
	sort.Strings(ks)
	return ks
}
