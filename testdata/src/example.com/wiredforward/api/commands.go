// Package api serves the booking commands over HTTP.
package api

import (
	"context"
	"fmt"

	"example.com/wiredforward/app"
	"example.com/wiredforward/command"
)

// Commands are the decorated command handlers.
type Commands struct {
	Book   command.Handler[app.Book]
	Cancel command.Handler[app.Cancel]
	Hold   command.Handler[app.Hold]
	Swap   command.Handler[app.Swap]
	Move   command.Handler[app.Move]
}

// Services are what the commands delegate to.
type Services struct{ Bookings app.Bookings }

// decorate adapts h and logs its failures.
func decorate[C any](name string, h command.HandlerFunc[C]) command.Handler[C] {
	return command.Chain[C](h, command.WithLogging[C](name))
}

// NewCommands builds each command's handler from a literal that hands
// the command's fields to the service.
func NewCommands(svc Services) Commands {
	return Commands{
		Book: decorate("book", func(ctx context.Context, c app.Book) error {
			if err := svc.Bookings.Book(ctx, c.Input); err != nil {
				return fmt.Errorf("book: %w", err)
			}
			return nil
		}),
		Cancel: decorate("cancel", func(ctx context.Context, c app.Cancel) error {
			return svc.Bookings.Cancel(ctx, c.ID)
		}),
		Hold: decorate("hold", func(ctx context.Context, c app.Hold) error {
			return svc.Bookings.Hold(ctx, app.HoldInput{Room: c.Room, Guest: c.Guest})
		}),
		// Not followed: the input's Guest is the command's NewGuest,
		// whose path another field's name does not give.
		Swap: decorate("swap", func(ctx context.Context, c app.Swap) error {
			return svc.Bookings.Hold(ctx, app.HoldInput{Room: c.Room, Guest: c.NewGuest})
		}),
		// The command's fields, in other places than its own.
		Move: decorate("move", func(ctx context.Context, c app.Move) error {
			return svc.Bookings.Move(ctx, c.Guest, c.Room)
		}),
	}
}
