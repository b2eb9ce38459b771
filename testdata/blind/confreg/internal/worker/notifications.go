package worker

import (
	"context"
	"fmt"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/uuid"
	"github.com/rs/xid"

	"github.com/halcyonevents/confreg/internal/domain"
	"github.com/halcyonevents/confreg/internal/events"
	"github.com/halcyonevents/confreg/internal/providers/mailer"
)

// RegistrationReader reads registrations and stamps e-mail delivery.
type RegistrationReader interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Registration, error)
	MarkConfirmationSent(ctx context.Context, id uuid.UUID, at time.Time) error
}

// ConferenceReader reads conferences.
type ConferenceReader interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Conference, error)
}

// ConfirmationMailer sends the "you're registered" e-mail.
type ConfirmationMailer struct {
	regs  RegistrationReader
	confs ConferenceReader
	send  func(ctx context.Context, m mailer.Message) error
	now   func() time.Time
}

// NewConfirmationMailer returns a ConfirmationMailer.
func NewConfirmationMailer(regs RegistrationReader, confs ConferenceReader, send func(context.Context, mailer.Message) error) *ConfirmationMailer {
	return &ConfirmationMailer{regs: regs, confs: confs, send: send, now: time.Now}
}

// Handle processes registration.confirmed.
func (h *ConfirmationMailer) Handle(msg *message.Message) error {
	ev, err := events.Decode[events.RegistrationConfirmed](msg)
	if err != nil {
		return err
	}
	ctx := msg.Context()

	reg, err := h.regs.Get(ctx, ev.RegistrationID)
	if err != nil {
		return err
	}
	if reg.ConfirmationSentAt != nil {
		return nil
	}
	conf, err := h.confs.Get(ctx, reg.ConferenceID)
	if err != nil {
		return err
	}

	err = h.send(ctx, mailer.Message{
		ID:       mailer.MessageID(xid.New().String()),
		To:       reg.Email,
		Subject:  fmt.Sprintf("You're registered for %s", conf.Name),
		Template: "registration-confirmed",
		Vars: map[string]any{
			"name":            reg.FullName,
			"conference":      conf.Name,
			"starts_on":       conf.StartsOn.Format(time.DateOnly),
			"registration_id": reg.ID.String(),
		},
	})
	if err != nil {
		return fmt.Errorf("send confirmation to %s: %w", reg.ID, err)
	}
	return h.regs.MarkConfirmationSent(ctx, reg.ID, h.now().UTC())
}
