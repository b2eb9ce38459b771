// Package notify sends transactional SMS to owners and sitters. It honours
// STOP opt-outs and keeps a log of every send attempt for support.
package notify

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/pawtrail-labs/pawtrail/internal/sms"
	"github.com/pawtrail-labs/pawtrail/internal/store"
)

type Sender interface {
	Send(ctx context.Context, m sms.Message, opts ...sms.SendOption) (sms.Result, error)
}

type Store interface {
	OptedOut(ctx context.Context, phone string) (bool, error)
	LogAttempt(ctx context.Context, a store.SMSAttempt) error
}

type Notifier struct {
	sender   Sender
	store    Store
	callback string
	log      *slog.Logger
}

type Options struct {
	StatusCallbackURL string
	Logger            *slog.Logger
}

func New(sender Sender, st Store, opts Options) *Notifier {
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	return &Notifier{sender: sender, store: st, callback: opts.StatusCallbackURL, log: opts.Logger}
}

// Notification is one SMS. DedupKey, when set, is passed to the provider so
// that a repeated send with the same key is collapsed.
type Notification struct {
	To        string
	Purpose   string
	BookingID uuid.UUID
	Body      string
	DedupKey  string
}

var ErrOptedOut = errors.New("notify: recipient opted out")

func (n *Notifier) Send(ctx context.Context, msg Notification) error {
	out, err := n.store.OptedOut(ctx, msg.To)
	if err != nil {
		return fmt.Errorf("notify: opt-out lookup: %w", err)
	}
	if out {
		n.log.InfoContext(ctx, "sms suppressed, recipient opted out", "purpose", msg.Purpose)
		return nil
	}

	var opts []sms.SendOption
	if msg.DedupKey != "" {
		opts = append(opts, sms.WithIdempotencyKey(msg.DedupKey))
	}
	res, sendErr := n.sender.Send(ctx, sms.Message{To: msg.To, Body: msg.Body, StatusCallback: n.callback}, opts...)

	// Every attempt gets its own row, including failures and provider-side
	// duplicates; support reads this table when an owner says "I never got it".
	attempt := store.SMSAttempt{
		ID:      uuid.New(),
		ToPhone: msg.To,
		Purpose: msg.Purpose,
		Status:  "sent",
	}
	if msg.BookingID != uuid.Nil {
		attempt.BookingID = &msg.BookingID
	}
	if sendErr != nil {
		e := sendErr.Error()
		attempt.Status, attempt.Error = "failed", &e
	} else {
		attempt.ProviderMessageID = &res.MessageID
	}
	if err := n.store.LogAttempt(ctx, attempt); err != nil {
		n.log.WarnContext(ctx, "sms attempt log failed", "err", err)
	}
	return sendErr
}
