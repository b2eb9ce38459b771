package app

import (
	"context"
	"log/slog"

	"github.com/google/uuid"

	"github.com/northvault/custody/internal/domain"
	"github.com/northvault/custody/internal/ports"
)

var withdrawalTemplates = map[domain.WithdrawalStatus]string{
	domain.WithdrawalPendingApproval: "withdrawal-pending-approval",
	domain.WithdrawalApproved:        "withdrawal-approved",
	domain.WithdrawalBroadcast:       "withdrawal-sent",
	domain.WithdrawalSettled:         "withdrawal-completed",
	domain.WithdrawalFailed:          "withdrawal-failed",
	domain.WithdrawalRejected:        "withdrawal-rejected",
	domain.WithdrawalCancelled:       "withdrawal-cancelled",
}

type NotificationService struct {
	uow    ports.UnitOfWork
	mailer ports.Mailer
	log    *slog.Logger
}

func NewNotificationService(uow ports.UnitOfWork, mailer ports.Mailer, log *slog.Logger) *NotificationService {
	return &NotificationService{uow: uow, mailer: mailer, log: log.With("svc", "notify")}
}

// WithdrawalUpdate emails the customer about a withdrawal status change.
func (s *NotificationService) WithdrawalUpdate(ctx context.Context, n WithdrawalNotice) error {
	tmpl, ok := withdrawalTemplates[n.Status]
	if !ok {
		return nil
	}
	key := "withdrawal:" + n.WithdrawalID.String() + ":" + string(n.Status)
	repos := s.uow.Repos()
	sent, err := repos.Notifications().Exists(ctx, key)
	if err != nil || sent {
		return err
	}

	wd, err := repos.Withdrawals().Get(ctx, n.WithdrawalID)
	if err != nil {
		return err
	}
	cust, err := repos.Customers().Get(ctx, wd.CustomerID)
	if err != nil {
		return err
	}
	msgID, err := s.mailer.Send(ctx, ports.Email{
		To:       cust.Email,
		Template: tmpl,
		Data: map[string]any{
			"name":       cust.DisplayName,
			"asset":      wd.Asset,
			"amount":     wd.Amount.String(),
			"to_address": wd.ToAddress,
			"tx_hash":    wd.TxHash,
			"reason":     n.Reason,
		},
	})
	if err != nil {
		return err
	}
	_, err = repos.Notifications().Record(ctx, domain.Notification{
		ID:                uuid.New(),
		DedupKey:          key,
		Channel:           "email",
		Recipient:         cust.Email,
		Template:          tmpl,
		ProviderMessageID: msgID,
	})
	return err
}

// SendOnce sends an email at most once per key. The key is recorded before
// the send; a failed send is logged and not retried.
func (s *NotificationService) SendOnce(ctx context.Context, key string, e ports.Email) error {
	repos := s.uow.Repos()
	claimed, err := repos.Notifications().Record(ctx, domain.Notification{
		ID:        uuid.New(),
		DedupKey:  key,
		Channel:   "email",
		Recipient: e.To,
		Template:  e.Template,
	})
	if err != nil || !claimed {
		return err
	}
	msgID, err := s.mailer.Send(ctx, e)
	if err != nil {
		s.log.WarnContext(ctx, "email not sent", "key", key, "template", e.Template, "err", err)
		return nil
	}
	return repos.Notifications().SetProviderID(ctx, key, msgID)
}
