package notify

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/pawsandstay/kennel/internal/jobs"
	"github.com/pawsandstay/kennel/internal/owners"
	"github.com/pawsandstay/kennel/internal/platform"
	"github.com/pawsandstay/kennel/internal/platform/ids"
	"github.com/pawsandstay/kennel/internal/platform/queue"
)

// Notification is a text to queue for an owner.
type Notification struct {
	OwnerID       uuid.UUID
	ReservationID *uuid.UUID
	Template      string
	Vars          map[string]any
	// DedupKey names the business event ("cancelled:<reservation>"); the
	// same event queues at most one message.
	DedupKey string
}

// Outbox queues texts in the caller's transaction. Delivery happens in
// SendWorker after commit.
type Outbox struct {
	messages *platform.Store[Message]
	dir      owners.Directory
	queue    queue.Enqueuer
}

// NewOutbox returns an Outbox.
func NewOutbox(db *bun.DB, dir owners.Directory, q queue.Enqueuer) *Outbox {
	return &Outbox{messages: platform.NewStore[Message](db), dir: dir, queue: q}
}

// Enqueue stores the message and its delivery job in tx. It reports false
// when a message with the same DedupKey was already queued.
func (o *Outbox) Enqueue(ctx context.Context, tx bun.Tx, n Notification) (bool, error) {
	ctx = platform.WithTx(ctx, tx)
	owner, err := o.dir.Owner(ctx, n.OwnerID)
	if err != nil {
		return false, fmt.Errorf("outbox owner: %w", err)
	}
	body, err := Render(n.Template, n.Vars)
	if err != nil {
		return false, err
	}
	msg := &Message{
		ID:            ids.Prefixed("sms"),
		OwnerID:       n.OwnerID,
		ReservationID: n.ReservationID,
		Template:      n.Template,
		ToPhone:       owner.Phone,
		Body:          body,
		Status:        StatusQueued,
	}
	if n.DedupKey != "" {
		msg.DedupKey = &n.DedupKey
	}
	inserted, err := o.messages.InsertIgnore(ctx, msg, "dedup_key")
	if err != nil || !inserted {
		return false, err
	}
	if _, err := o.queue.InsertTx(ctx, tx, jobs.SendSMS{MessageID: msg.ID}, nil); err != nil {
		return false, err
	}
	return true, nil
}
