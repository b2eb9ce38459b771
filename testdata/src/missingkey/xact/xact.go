// Package xact holds Temporal activities; a worker in another package
// registers them.
package xact

import (
	"context"
	"net/http"
	"net/url"
)

// Notify posts a decision without an idempotency key.
func Notify(ctx context.Context, id string) error {
	_, err := http.PostForm("https://expense.example/action", url.Values{"id": {id}})
	return err
}

// A Def pairs an activity's registered name with its function.
type Def struct {
	Name string
	Fn   any
}

// Activities are registered from the table Defs returns.
type Activities struct{ base string }

// Defs is the table a worker of another package registers.
func (a *Activities) Defs() []Def {
	return []Def{
		{Name: "charge", Fn: a.Charge},
		{"lookup", a.Lookup},
		{"screen", a.Screen},
		{"book", a.Book},
	}
}

// Screen posts a search: a read, though its helper posts.
func (a *Activities) Screen(ctx context.Context, id string) error {
	return a.postJSON(a.base+"/federalcriminalsearch", id)
}

// Book posts a booking through the same helper.
func (a *Activities) Book(ctx context.Context, id string) error {
	return a.postJSON(a.base+"/bookings", id)
}

// postJSON posts to the address its callers give, without a key.
func (a *Activities) postJSON(addr, id string) error {
	_, err := http.PostForm(addr, url.Values{"id": {id}})
	return err
}

// Charge posts a charge without an idempotency key.
func (a *Activities) Charge(ctx context.Context, id string) error {
	_, err := http.PostForm(a.base+"/charges", url.Values{"id": {id}})
	return err
}

// Lookup reads: a retry repeats nothing.
func (a *Activities) Lookup(ctx context.Context, id string) error {
	_, err := http.Get(a.base + "/charges/" + id)
	return err
}

// Hooks are called by no worker: a table of functions that nothing
// registers.
type Hooks struct{ After func() }

// DefaultHooks posts on every call, outside any activity.
func DefaultHooks() Hooks {
	return Hooks{After: Ping}
}

// Ping posts without a key; nothing retries it.
func Ping() {
	http.PostForm("https://expense.example/ping", nil)
}
