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

// HoldInput is what a hold on a room needs.
type HoldInput struct {
	Room  string
	Guest string
}

// Hold holds a room: the service is given its fields, copied into a
// HoldInput.
type Hold struct {
	Room  string
	Guest string
	Note  string
}

// Swap holds a room for another guest: its fields are copied into
// another's places.
type Swap struct {
	Room     string
	NewGuest string
}

// Bookings books and cancels rooms.
type Bookings interface {
	Book(ctx context.Context, in BookInput) error
	Cancel(ctx context.Context, id string) error
	Hold(ctx context.Context, in HoldInput) error
	Move(ctx context.Context, guest, room string) error
}

// Move moves a guest to another room.
type Move struct {
	Room  string
	Guest string
}
