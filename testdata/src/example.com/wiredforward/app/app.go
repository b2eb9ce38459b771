// Package app declares the commands and the booking service.
package app

import "context"

// BookInput is what a booking needs.
type BookInput struct {
	Room  string
	Guest string
}

// Book books a room.
type Book struct{ Input BookInput }

// Cancel cancels a booking.
type Cancel struct{ ID string }

// Bookings books and cancels rooms.
type Bookings interface {
	Book(ctx context.Context, in BookInput) error
	Cancel(ctx context.Context, id string) error
}
