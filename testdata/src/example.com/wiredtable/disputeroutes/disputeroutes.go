// Package disputeroutes builds the disputes runner's routes, a list of
// entries built in place around methods of an interface main fills.
package disputeroutes

import (
	"context"

	"example.com/wiredtable/ledger"
	"example.com/wiredtable/loop"
)

// Disputes opens disputes; main chooses the implementation.
type Disputes interface {
	Open(ctx context.Context, e ledger.Event) error
}

// List routes the dispute topics.
func List(d Disputes) []loop.Route {
	return []loop.Route{
		{Topic: "disputes.opened", Fn: loop.JSON(d.Open)},
	}
}
