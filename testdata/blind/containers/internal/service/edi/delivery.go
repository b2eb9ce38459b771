package edi

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/quaymark/terminal-ops/internal/domain"
	"github.com/quaymark/terminal-ops/internal/providers/edipartner"
	"github.com/quaymark/terminal-ops/internal/queue/ediqueue"
)

// MessageStore tracks delivery state.
type MessageStore interface {
	Ensure(ctx context.Context, m *domain.EDIMessage) (*domain.EDIMessage, error)
	MarkDelivered(ctx context.Context, id, partnerRef string, at time.Time) error
	MarkRejected(ctx context.Context, id string) error
	LogAttempt(ctx context.Context, a *domain.EDIDeliveryAttempt) error
}

// Gateway submits interchanges to the partner.
type Gateway interface {
	Submit(ctx context.Context, in edipartner.Interchange) (*edipartner.Ack, int, error)
	SenderID() string
}

// interchangeBuilder renders a stored message for the gateway.
type interchangeBuilder func(sender string, m *domain.EDIMessage) edipartner.Interchange

var builders = map[string]interchangeBuilder{
	domain.MsgCODECO: codecoInterchange,
	domain.MsgBERMAN: bermanInterchange,
	domain.MsgAPERAK: aperakInterchange,
}

func codecoInterchange(sender string, m *domain.EDIMessage) edipartner.Interchange {
	return edipartner.Interchange{
		MessageType: "CODECO:D95B",
		Sender:      sender,
		Recipient:   m.LineCode,
		Payload:     m.Payload,
	}
}

func bermanInterchange(sender string, m *domain.EDIMessage) edipartner.Interchange {
	return edipartner.Interchange{
		MessageType:    "BERMAN:D00B",
		Sender:         sender,
		Recipient:      m.LineCode,
		InterchangeRef: m.ID,
		Payload:        m.Payload,
	}
}

func aperakInterchange(sender string, m *domain.EDIMessage) edipartner.Interchange {
	return edipartner.Interchange{
		MessageType:    "APERAK:D96A",
		Sender:         sender,
		Recipient:      m.LineCode,
		InterchangeRef: m.ID,
		Payload:        m.Payload,
	}
}

// Delivery hands queued messages to the partner gateway.
type Delivery struct {
	messages MessageStore
	gateway  Gateway
	now      func() time.Time
}

// NewDelivery wires Delivery.
func NewDelivery(messages MessageStore, gateway Gateway) *Delivery {
	return &Delivery{messages: messages, gateway: gateway, now: time.Now}
}

// Handle is the SQS handler for one outbound job.
func (d *Delivery) Handle(ctx context.Context, job ediqueue.Job) error {
	build, ok := builders[job.MessageType]
	if !ok {
		return fmt.Errorf("%w: unknown message type %q", ediqueue.ErrDiscard, job.MessageType)
	}
	msg, err := d.messages.Ensure(ctx, &domain.EDIMessage{
		ID:          job.MessageID,
		MessageType: job.MessageType,
		LineCode:    job.LineCode,
		Payload:     job.Payload,
		Status:      domain.EDIPending,
	})
	if err != nil {
		return err
	}
	if msg.Status != domain.EDIPending {
		slog.InfoContext(ctx, "edi message already settled", "message_id", msg.ID, "status", msg.Status)
		return nil
	}

	ack, status, sendErr := d.gateway.Submit(ctx, build(d.gateway.SenderID(), msg))

	attempt := &domain.EDIDeliveryAttempt{
		ID:         uuid.NewString(),
		MessageID:  msg.ID,
		AttemptAt:  d.now().UTC(),
		StatusCode: status,
	}
	if sendErr != nil {
		attempt.Error = sendErr.Error()
	}
	if err := d.messages.LogAttempt(ctx, attempt); err != nil {
		slog.WarnContext(ctx, "edi attempt log", "message_id", msg.ID, "err", err)
	}

	if sendErr != nil {
		if edipartner.IsPermanent(sendErr) {
			if err := d.messages.MarkRejected(ctx, msg.ID); err != nil {
				return err
			}
			return fmt.Errorf("%w: %v", ediqueue.ErrDiscard, sendErr)
		}
		return sendErr
	}
	return d.messages.MarkDelivered(ctx, msg.ID, ack.PartnerRef, d.now().UTC())
}
