// Package marked declares a handler interface whose method is marked
// retried: every implementation, here or elsewhere, is a root.
package marked

import "context"

type Handler interface {
	//idemlint:retried the outbox relay redelivers until Handle returns nil
	Handle(ctx context.Context, payload []byte) error
	Name() string
}

type local struct{}

func (local) Handle(ctx context.Context, payload []byte) error { return nil } // want `root: implementation of retried marked.Handler.Handle local.Handle`

func (local) Name() string { return "local" }
