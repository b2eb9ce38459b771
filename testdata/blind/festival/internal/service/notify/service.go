package notify

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/loopgate/festival-cashless/internal/clients/push"
	"github.com/loopgate/festival-cashless/internal/clients/sms"
	"github.com/loopgate/festival-cashless/internal/db"
	"github.com/loopgate/festival-cashless/internal/events"
	"github.com/loopgate/festival-cashless/internal/store"
)

type SMSSender interface {
	Send(ctx context.Context, msg sms.Message) (*sms.SendResult, error)
}

type PushSender interface {
	Send(ctx context.Context, n push.Notification) (*push.Result, error)
}

type Service struct {
	store  *store.Store
	outbox *Outbox
	sms    SMSSender
	push   PushSender
}

func NewService(s *store.Store, outbox *Outbox, smsc SMSSender, pushc PushSender) *Service {
	return &Service{store: s, outbox: outbox, sms: smsc, push: pushc}
}

// SendQueued delivers one outbox SMS.
func (s *Service) SendQueued(ctx context.Context, id uuid.UUID) error {
	n, err := s.store.GetNotification(ctx, id)
	if err != nil {
		if store.NoRows(err) {
			return nil
		}
		return err
	}
	if n.Status != statusQueued {
		return nil
	}
	res, err := s.sms.Send(ctx, sms.Message{
		To:        n.Recipient,
		Body:      n.Body,
		ClientRef: n.ID.String(),
	})
	if err != nil {
		return fmt.Errorf("send notification %s: %w", n.ID, err)
	}
	return s.store.MarkNotificationSent(ctx, db.MarkNotificationSentParams{ID: n.ID, ProviderRef: &res.MessageID})
}

// Welcome greets an attendee by SMS when their wristband is activated at
// the gate.
func (s *Service) Welcome(ctx context.Context, ev events.WristbandActivated) error {
	att, err := s.store.GetAttendee(ctx, ev.AttendeeID)
	if err != nil {
		return err
	}
	if att.Phone == "" {
		return nil
	}
	return s.outbox.Queue(ctx, Notice{
		AttendeeID: &att.ID,
		Channel:    ChannelSMS,
		Recipient:  att.Phone,
		Template:   "welcome",
		DedupKey:   "welcome:" + ev.UID,
		Body:       fmt.Sprintf("Welcome to Loopgate, %s! Top up your wristband in the app or at any booth.", att.FullName),
	})
}

// TopupReceipt confirms a successful top-up by SMS.
func (s *Service) TopupReceipt(ctx context.Context, ev events.TopupSucceeded) error {
	att, err := s.store.GetAttendee(ctx, ev.AttendeeID)
	if err != nil {
		return err
	}
	if att.Phone == "" {
		return nil
	}
	return s.outbox.Queue(ctx, Notice{
		AttendeeID: &att.ID,
		Channel:    ChannelSMS,
		Recipient:  att.Phone,
		Template:   "topup_receipt",
		DedupKey:   "topup-receipt:" + ev.TopupID,
		Body:       fmt.Sprintf("Loopgate: %s added to your wristband.", euros(ev.AmountCents)),
	})
}

// LowBalance nudges the attendee to top up after a sale left little credit.
func (s *Service) LowBalance(ctx context.Context, ev events.LowBalance) error {
	key := "low-balance:" + ev.WalletID.String() + ":" + ev.Trigger
	sent, err := s.store.NotificationExists(ctx, key)
	if err != nil || sent {
		return err
	}
	tokens, err := s.store.ListDeviceTokens(ctx, ev.AttendeeID)
	if err != nil {
		return err
	}
	if len(tokens) == 0 {
		return nil
	}
	body := fmt.Sprintf("Only %s left on your wristband. Top up in the app to skip the booth queue.", euros(ev.BalanceCents))
	res, err := s.push.Send(ctx, push.Notification{
		Tokens:      tokens,
		Title:       "Running low",
		Body:        body,
		CollapseKey: "low-balance",
		Data:        map[string]string{"wallet_id": ev.WalletID.String(), "screen": "topup"},
	})
	if err != nil {
		return err
	}
	return s.store.RecordSentNotification(ctx, db.RecordSentNotificationParams{
		ID:          uuid.New(),
		AttendeeID:  &ev.AttendeeID,
		Channel:     ChannelPush,
		Recipient:   ev.AttendeeID.String(),
		Template:    "low_balance",
		DedupKey:    key,
		Body:        body,
		ProviderRef: &res.ID,
	})
}

// TransferAccepted tells both sides of a ticket transfer that it went
// through.
func (s *Service) TransferAccepted(ctx context.Context, ev events.TransferAccepted) error {
	from, err := s.store.GetAttendee(ctx, ev.FromAttendee)
	if err != nil {
		return err
	}
	to, err := s.store.GetAttendee(ctx, ev.ToAttendee)
	if err != nil {
		return err
	}
	msgs := []sms.Message{
		{To: from.Phone, Body: fmt.Sprintf("Loopgate: %s has claimed your ticket %s.", to.FullName, ev.TicketID)},
		{To: to.Phone, Body: fmt.Sprintf("Loopgate: ticket %s from %s is now yours. See you in the fields!", ev.TicketID, from.FullName)},
	}
	for _, m := range msgs {
		if m.To == "" {
			continue
		}
		if _, err := s.sms.Send(ctx, m); err != nil {
			return fmt.Errorf("transfer %s sms: %w", ev.TransferID, err)
		}
	}
	return nil
}

const refundNoticeBatch = 500

// RefundWindowOpen tells every attendee who still has credit that refunds
// are open.
func (s *Service) RefundWindowOpen(ctx context.Context) error {
	attendees, err := s.store.ListAttendeesAwaitingRefundNotice(ctx, refundNoticeBatch)
	if err != nil {
		return err
	}
	notified := make([]uuid.UUID, 0, len(attendees))
	for _, a := range attendees {
		tokens, err := s.store.ListDeviceTokens(ctx, a.ID)
		if err != nil {
			return err
		}
		if len(tokens) > 0 {
			_, err := s.push.Send(ctx, push.Notification{
				Tokens: tokens,
				Title:  "Get your credit back",
				Body:   "Refunds of unused festival credit are open for 30 days. Add your IBAN in the app.",
				Data:   map[string]string{"screen": "refund"},
			})
			if err != nil {
				return fmt.Errorf("refund notice to %s: %w", a.ID, err)
			}
		}
		notified = append(notified, a.ID)
	}
	if len(notified) == 0 {
		return nil
	}
	slog.InfoContext(ctx, "refund window notices sent", "count", len(notified))
	return s.store.MarkRefundNoticeSent(ctx, notified)
}

type DeviceInput struct {
	AttendeeID uuid.UUID
	Token      string
	Platform   string
}

func (s *Service) RegisterDevice(ctx context.Context, in DeviceInput) error {
	return s.store.UpsertDevice(ctx, db.UpsertDeviceParams{
		AttendeeID: in.AttendeeID,
		Token:      in.Token,
		Platform:   in.Platform,
	})
}

func euros(cents int64) string {
	return fmt.Sprintf("€%d.%02d", cents/100, cents%100)
}
