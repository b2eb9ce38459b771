// Package store keeps models through a generic gorm repository of
// another package.
package store

import (
	"context"

	"example.com/wiredmodelhook/db"
	"example.com/wiredmodelhook/domain"

	"gorm.io/gorm"
)

// Bookings stores bookings.
type Bookings struct {
	*db.Repository[domain.Booking]
}

// NewBookings returns the bookings' store.
func NewBookings(g *gorm.DB) *Bookings {
	return &Bookings{Repository: &db.Repository[domain.Booking]{DB: g}}
}

// Insert adds a booking.
func (b *Bookings) Insert(ctx context.Context, bk *domain.Booking) error {
	return b.Create(ctx, bk) // want `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into bookings in db.Repository.Create has no conflict handling for the caller-known id \(HTTP handler Handler.BookKeyed\)`
}
