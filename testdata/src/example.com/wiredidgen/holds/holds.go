// Package holds places holds on books.
package holds

import "context"

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
