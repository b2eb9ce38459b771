package callbacks

import (
	"context"

	"github.com/globetrek/esim-platform/internal/store"
)

// Inbox skips events a handler has already completed.
type Inbox struct {
	store *store.Inbox
}

// NewInbox returns an inbox over the callback_inbox table.
func NewInbox(s *store.Inbox) *Inbox {
	return &Inbox{store: s}
}

// Once wraps h so each event ID reaches it once per handler name.
func (in *Inbox) Once(name string, h Handler) Handler {
	return func(ctx context.Context, ev Event) error {
		seen, err := in.store.Seen(ctx, name, ev.ID)
		if err != nil {
			return err
		}
		if seen {
			return nil
		}
		if err := h(ctx, ev); err != nil {
			return err
		}
		return in.store.MarkProcessed(ctx, name, ev.ID)
	}
}
