// Package messaging sends broadcast messages from a nursery to its parents
// by SMS or email.
package messaging

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/acornlane-childcare/nursery/internal/db"
	"github.com/acornlane-childcare/nursery/internal/events"
	"github.com/acornlane-childcare/nursery/internal/platform/apperr"
	"github.com/acornlane-childcare/nursery/internal/platform/pgtx"
	"github.com/acornlane-childcare/nursery/internal/provider/email"
	"github.com/acornlane-childcare/nursery/internal/provider/sms"
)

const (
	ChannelSMS   = "sms"
	ChannelEmail = "email"
)

type SMSGateway interface {
	Send(ctx context.Context, m sms.Message) (sms.Receipt, error)
}

type EmailRelay interface {
	Send(ctx context.Context, e email.Email) (string, error)
}

type Service struct {
	q      *db.Queries
	tx     pgtx.Transactor
	events events.Publisher
	sms    SMSGateway
	email  EmailRelay
	log    *slog.Logger
}

func NewService(q *db.Queries, tx pgtx.Transactor, pub events.Publisher, gw SMSGateway, relay EmailRelay, log *slog.Logger) *Service {
	return &Service{q: q, tx: tx, events: pub, sms: gw, email: relay, log: log}
}

// BroadcastCommand is a message from a nursery to all of its families.
type BroadcastCommand struct {
	ID        string
	NurseryID uuid.UUID
	Channel   string
	Subject   string
	Body      string
	CreatedBy string
}

// Broadcast stores the broadcast and one parent message per family, and
// queues each for dispatch, in one transaction.
func (s *Service) Broadcast(ctx context.Context, cmd BroadcastCommand) (int, error) {
	if cmd.Channel != ChannelSMS && cmd.Channel != ChannelEmail {
		return 0, fmt.Errorf("%w: unknown channel %q", apperr.ErrInvalid, cmd.Channel)
	}
	families, err := s.q.ListFamiliesByNursery(ctx, cmd.NurseryID)
	if err != nil {
		return 0, err
	}

	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		q := pgtx.Q(ctx, s.q)
		if err := q.CreateBroadcast(ctx, db.CreateBroadcastParams{
			ID:        cmd.ID,
			NurseryID: cmd.NurseryID,
			Channel:   cmd.Channel,
			Subject:   cmd.Subject,
			Body:      cmd.Body,
			CreatedBy: cmd.CreatedBy,
		}); err != nil {
			return fmt.Errorf("create broadcast: %w", err)
		}
		for _, f := range families {
			msgID := cmd.ID + "." + f.ID.String()
			recipient := f.PrimaryPhone
			if cmd.Channel == ChannelEmail {
				recipient = f.PrimaryEmail
			}
			if err := q.CreateParentMessage(ctx, db.CreateParentMessageParams{
				ID:          msgID,
				BroadcastID: cmd.ID,
				FamilyID:    f.ID,
				Channel:     cmd.Channel,
				Recipient:   recipient,
				Subject:     cmd.Subject,
				Body:        cmd.Body,
			}); err != nil {
				return fmt.Errorf("create message for %s: %w", f.ID, err)
			}
			if err := s.events.Publish(ctx, events.TopicParentMessageQueued, events.ParentMessageQueued{MessageID: msgID}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return len(families), nil
}

// Dispatch sends one queued parent message.
func (s *Service) Dispatch(ctx context.Context, ev events.ParentMessageQueued) error {
	m, err := s.q.GetParentMessage(ctx, ev.MessageID)
	if err != nil {
		return apperr.NotFoundIfNoRows(err)
	}
	if m.Status == "sent" {
		return nil
	}

	switch m.Channel {
	case ChannelSMS:
		// The gateway drops a repeat of a client_reference it has seen, so a
		// redelivered message costs nothing.
		r, err := s.sms.Send(ctx, sms.Message{To: m.Recipient, Body: m.Body, ClientReference: m.ID})
		if err != nil {
			return err
		}
		return s.q.MarkParentMessageSent(ctx, db.MarkParentMessageSentParams{ID: m.ID, ProviderRef: r.MessageID})

	case ChannelEmail:
		// The relay cannot dedup, so claim the message before sending. A
		// send that fails after the claim is left in 'sending' for the
		// office to chase rather than risk a second email.
		n, err := s.q.ClaimParentMessage(ctx, m.ID)
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		id, err := s.email.Send(ctx, email.Email{To: m.Recipient, Subject: m.Subject, Text: m.Body, Tags: []string{"broadcast"}})
		if err != nil {
			s.log.ErrorContext(ctx, "broadcast email failed; left in sending", "message_id", m.ID, "err", err)
			return nil
		}
		return s.q.MarkParentMessageSent(ctx, db.MarkParentMessageSentParams{ID: m.ID, ProviderRef: id})
	}
	return fmt.Errorf("unknown channel %q", m.Channel)
}
