// Package notices sends recipient SMS notices for payout milestones.
package notices

import (
	"context"
	"log/slog"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"

	"github.com/sendhome/remit/ent"
	"github.com/sendhome/remit/internal/domain"
	"github.com/sendhome/remit/internal/notify"
	"github.com/sendhome/remit/internal/store"
)

type Service interface {
	PayoutCompleted(ctx context.Context, transferID uuid.UUID) error
	PickupReady(ctx context.Context, transferID uuid.UUID) error
}

type service struct {
	transfers     store.TransferRepo
	recipients    store.RecipientRepo
	notifications store.NotificationRepo
	sms           notify.Sender
	rdb           *redis.Client
	log           *slog.Logger
}

func NewService(client *ent.Client, sms notify.Sender, rdb *redis.Client, log *slog.Logger) Service {
	return &service{
		transfers:     store.NewTransferRepo(client),
		recipients:    store.NewRecipientRepo(client),
		notifications: store.NewNotificationRepo(client),
		sms:           sms,
		rdb:           rdb,
		log:           log,
	}
}

func (s *service) senderName(ctx context.Context, customerID string) string {
	name, err := s.rdb.HGet(ctx, "profile:"+customerID, "display_name").Result()
	if err != nil || name == "" {
		return "Someone"
	}
	return name
}

func (s *service) load(ctx context.Context, transferID uuid.UUID) (*ent.Transfer, *ent.Recipient, error) {
	t, err := s.transfers.Get(ctx, transferID)
	if err != nil {
		return nil, nil, err
	}
	r, err := s.recipients.Get(ctx, t.RecipientID)
	if err != nil {
		return nil, nil, err
	}
	return t, r, nil
}

// PayoutCompleted tells the recipient the money has landed. The notice slot
// is claimed before sending, so at most one text goes out per transfer.
func (s *service) PayoutCompleted(ctx context.Context, transferID uuid.UUID) error {
	t, r, err := s.load(ctx, transferID)
	if err != nil {
		return err
	}
	id, claimed, err := s.notifications.Claim(ctx, t.ID, notify.TplPayoutCompleted, r.Phone)
	if err != nil {
		return err
	}
	if !claimed {
		return nil
	}
	dest := "bank account"
	if r.AccountType == "mobile_wallet" {
		dest = r.WalletProvider + " wallet"
	}
	body, err := notify.Render(notify.TplPayoutCompleted, map[string]string{
		"Sender":      s.senderName(ctx, t.CustomerID),
		"Amount":      domain.Money{Amount: t.ReceiveAmount, Currency: t.ReceiveCurrency}.String(),
		"Destination": dest,
		"Ref":         t.ID.String()[:8],
	})
	if err != nil {
		return err
	}
	msgID, err := s.sms.Send(ctx, r.Phone, body)
	if err != nil {
		s.log.Warn("payout notice not sent", "transfer_id", t.ID, "err", err)
		return s.notifications.MarkFailed(ctx, id)
	}
	return s.notifications.MarkSent(ctx, id, msgID)
}

// PickupReady sends the recipient the code to collect cash at an agent.
func (s *service) PickupReady(ctx context.Context, transferID uuid.UUID) error {
	t, r, err := s.load(ctx, transferID)
	if err != nil {
		return err
	}
	if t.PickupCode == "" {
		return domain.Preconditionf("transfer %s has no pickup code yet", t.ID)
	}
	body, err := notify.Render(notify.TplPickupReady, map[string]string{
		"Sender": s.senderName(ctx, t.CustomerID),
		"Amount": domain.Money{Amount: t.ReceiveAmount, Currency: t.ReceiveCurrency}.String(),
		"Code":   t.PickupCode,
		"Ref":    t.ID.String()[:8],
	})
	if err != nil {
		return err
	}
	msgID, err := s.sms.Send(ctx, r.Phone, body)
	if err != nil {
		return err
	}
	return s.notifications.Record(ctx, t.ID, notify.TplPickupReady, r.Phone, msgID)
}
