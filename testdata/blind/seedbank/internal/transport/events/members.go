package events

import (
	"context"
	"log/slog"

	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/furrowline/seedbank/internal/domain"
	evt "github.com/furrowline/seedbank/internal/events"
	"github.com/furrowline/seedbank/internal/notify"
	"github.com/furrowline/seedbank/internal/platform/messaging"
)

// DuesApplier extends memberships.
type DuesApplier interface {
	ApplyDues(ctx context.Context, e evt.DuesPaid) error
}

// ProcessedLog remembers handled messages.
type ProcessedLog interface {
	Seen(ctx context.Context, handler, messageID string) (bool, error)
	Mark(ctx context.Context, handler, messageID string) error
}

// DonationReader loads donations.
type DonationReader interface {
	Get(ctx context.Context, id string) (*domain.Donation, error)
}

// MemberConsumers handle dues and donor correspondence.
type MemberConsumers struct {
	dues      DuesApplier
	processed ProcessedLog
	donations DonationReader
	mailer    notify.Mailer
	log       *slog.Logger
}

// NewMemberConsumers builds MemberConsumers.
func NewMemberConsumers(d DuesApplier, p ProcessedLog, dr DonationReader, m notify.Mailer, log *slog.Logger) *MemberConsumers {
	return &MemberConsumers{dues: d, processed: p, donations: dr, mailer: m, log: log}
}

const (
	handlerDuesPaid       = "membership.dues-paid"
	handlerDonationThanks = "mail.donation-thanks"
)

// Registrations implements messaging.Registrar.
func (c *MemberConsumers) Registrations() []messaging.Registration {
	return []messaging.Registration{
		{Name: handlerDuesPaid, Topic: messaging.TopicDuesPaid, Handler: c.duesPaid},
		{Name: handlerDonationThanks, Topic: messaging.TopicDonationRecorded, Handler: c.thankDonor},
	}
}

func (c *MemberConsumers) duesPaid(msg *message.Message) error {
	ctx := msg.Context()
	done, err := c.processed.Seen(ctx, handlerDuesPaid, msg.UUID)
	if err != nil {
		return err
	}
	if done {
		return nil
	}
	payload, err := messaging.Decode[evt.DuesPaid](msg)
	if err != nil {
		c.log.Error("bad dues.paid payload", slog.String("uuid", msg.UUID), slog.Any("err", err))
		return nil
	}
	if err := c.dues.ApplyDues(ctx, payload); err != nil {
		return err
	}
	return c.processed.Mark(ctx, handlerDuesPaid, msg.UUID)
}

func (c *MemberConsumers) thankDonor(msg *message.Message) error {
	ctx := msg.Context()
	payload, err := messaging.Decode[evt.DonationRecorded](msg)
	if err != nil {
		return nil
	}
	d, err := c.donations.Get(ctx, payload.DonationID)
	if err != nil {
		return err
	}
	_, err = c.mailer.Send(ctx, d.GrowerEmail, notify.TemplateDonationThanks, map[string]any{
		"grower_name":  d.GrowerName,
		"variety_name": d.VarietyName,
		"species":      d.Species,
		"grams":        d.Grams,
	}, notify.WithTags("donation"))
	return err
}
