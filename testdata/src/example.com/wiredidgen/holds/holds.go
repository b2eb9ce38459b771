// Package holds places holds on books.
package holds

import (
	"context"

	"example.com/wiredidgen/keys"
)

// Hold is a patron's hold on a title.
type Hold struct {
	ID, Patron, Title string
}

// Store keeps holds.
type Store interface {
	Insert(ctx context.Context, h Hold) error
}

// Service places holds; the program gives it its ID generator.
type Service struct {
	Holds Store
	NewID func() string
}

// Place places a hold under an ID the generator makes.
func (s *Service) Place(ctx context.Context, patron, title string) error {
	return s.Holds.Insert(ctx, Hold{ID: s.NewID(), Patron: patron, Title: title}) // want `a retry inserts a second holds row with a new id: NewID\(\) is fresh on every attempt \(HTTP handler Handler.Place\)`
}

// Renewals renew loans; their IDs come from a seed the program gives.
type Renewals struct {
	Holds Store
	NewID func() string
}

// Renew stores a renewal under an ID the generator makes.
func (s *Renewals) Renew(ctx context.Context, patron, title string) error {
	return s.Holds.Insert(ctx, Hold{ID: s.NewID(), Patron: patron, Title: title})
}

// Waitlist keeps patrons waiting for a title; its constructor is given
// the generator.
type Waitlist struct {
	holds Store
	newID func() string
}

// NewWaitlist returns a waitlist that makes its entries' IDs with newID.
func NewWaitlist(holds Store, newID func() string) *Waitlist {
	return &Waitlist{holds: holds, newID: newID}
}

// Join adds a patron under an ID the generator makes.
func (w *Waitlist) Join(ctx context.Context, patron, title string) error {
	return w.holds.Insert(ctx, Hold{ID: w.newID(), Patron: patron, Title: title}) // want `a retry inserts a second holds row with a new id: newID\(\) is fresh on every attempt \(HTTP handler Handler.Join\)`
}

// Transfers moves holds between branches; it sets its own generator.
type Transfers struct {
	holds  Store
	newID  func() string
	branch func() string
}

// NewTransfers returns transfers that make their IDs with keys.Default.
func NewTransfers(holds Store) *Transfers {
	return &Transfers{holds: holds, newID: keys.Default, branch: keys.Fixed}
}

// Transfer stores a transfer under an ID the generator makes.
func (t *Transfers) Transfer(ctx context.Context, patron, title string) error {
	return t.holds.Insert(ctx, Hold{ID: t.newID(), Patron: patron, Title: title}) // want `a retry inserts a second holds row with a new id: newID\(\) is fresh on every attempt \(HTTP handler Handler.Transfer\)`
}

// Shelve stores a hold under the shelf's fixed name.
func (t *Transfers) Shelve(ctx context.Context, patron, title string) error {
	return t.holds.Insert(ctx, Hold{ID: t.branch(), Patron: patron, Title: title})
}

// Returns records returned books; the program gives it a method of its
// ID source as its generator.
type Returns struct {
	Holds Store
	NewID func() string
}

// Return records a return.
func (r *Returns) Return(ctx context.Context, patron, title string) error {
	return r.Holds.Insert(ctx, Hold{ID: r.NewID(), Patron: patron, Title: title}) // want `a retry inserts a second holds row with a new id: NewID\(\) is fresh on every attempt \(HTTP handler Handler.Return\)`
}

// Pickups records pickups under an ID a pinned source gives.
type Pickups struct {
	Holds Store
	NewID func() string
}

// Pickup records a pickup.
func (p *Pickups) Pickup(ctx context.Context, patron, title string) error {
	return p.Holds.Insert(ctx, Hold{ID: p.NewID(), Patron: patron, Title: title})
}
