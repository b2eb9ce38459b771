// Package xactself registers its activities from a table its own
// method returns, in a worker of its own.
package xactself

import (
	"context"
	"net/http"
	"net/url"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/worker"
)

// A Definition names an activity.
type Definition struct {
	Name string
	Fn   any
}

// Activities charge cards.
type Activities struct{ base string }

// Definitions is the table the worker registers.
func (a *Activities) Definitions() []Definition {
	return []Definition{
		{Name: "charge", Fn: a.Charge},
	}
}

// Charge charges a card.
func (a *Activities) Charge(ctx context.Context, id string) error {
	_, err := http.PostForm(a.base+"/charges", url.Values{"id": {id}}) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(Temporal activity Activities.Charge\)`
	return err
}

// NewWorker registers every activity of the table.
func NewWorker(w worker.Worker, acts *Activities) worker.Worker {
	for _, d := range acts.Definitions() {
		w.RegisterActivityWithOptions(d.Fn, activity.RegisterOptions{Name: d.Name})
	}
	return w
}

// keyHeader is the header the card processor drops a repeated request
// by.
const keyHeader = "Idempotency-Key"
