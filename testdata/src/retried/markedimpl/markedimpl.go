// Package markedimpl implements marked.Handler in another package.
package markedimpl

import (
	"context"

	"retried/marked"
)

type Orders struct{}

func (o *Orders) Handle(ctx context.Context, payload []byte) error { // want `root: implementation of retried marked.Handler.Handle Orders.Handle`
	return o.save(ctx)
}

func (o *Orders) save(ctx context.Context) error { return nil } // want `reached from implementation of retried marked.Handler.Handle Orders.Handle through 1 calls`

func (o *Orders) Name() string { return "orders" }

// Other has a Handle of another signature: it implements nothing.
type Other struct{}

func (Other) Handle(ctx context.Context) error { return nil }

func (Other) Name() string { return "other" }

var _ marked.Handler = (*Orders)(nil)
