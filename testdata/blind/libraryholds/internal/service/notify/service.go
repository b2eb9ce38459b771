// Package notify sends patron e-mail for holds and payments.
package notify

import (
	"context"
	"log/slog"

	"github.com/shelfwise-labs/branchline/internal/domain"
	"github.com/shelfwise-labs/branchline/internal/platform/clock"
	"github.com/shelfwise-labs/branchline/internal/platform/ids"
	"github.com/shelfwise-labs/branchline/internal/provider/mailer"
	"github.com/shelfwise-labs/branchline/internal/store"
)

// Catalog resolves display names for e-mail copy.
type Catalog interface {
	TitleName(ctx context.Context, titleID string) string
	BranchName(ctx context.Context, branchID string) string
}

// Service renders and sends notices.
type Service struct {
	Holds         store.HoldRepository
	Patrons       store.PatronRepository
	Payments      store.PaymentRepository
	Notifications store.NotificationRepository
	Mail          mailer.Sender
	Catalog       Catalog
	Log           *slog.Logger

	NewID ids.Generator
	Now   clock.Func
}

// SendHoldReady e-mails the patron that their hold is on the pickup shelf.
func (s *Service) SendHoldReady(ctx context.Context, holdID string) error {
	hold, err := s.Holds.Get(ctx, holdID)
	if err != nil {
		return err
	}
	if hold.Status != domain.HoldReady || hold.PickupBy == nil {
		return nil
	}
	patron, err := s.Patrons.Get(ctx, hold.PatronID)
	if err != nil {
		return err
	}
	msg := mailer.HoldReady(patron.Email, patron.DisplayName,
		s.Catalog.TitleName(ctx, hold.TitleID), s.Catalog.BranchName(ctx, hold.PickupBranchID), *hold.PickupBy)
	messageID, err := s.Mail.Send(ctx, msg)
	if err != nil {
		return err
	}
	return s.Notifications.Record(ctx, domain.Notification{
		ID:                s.NewID(),
		PatronID:          patron.ID,
		Kind:              domain.NotifyHoldReady,
		Ref:               hold.ID,
		ProviderMessageID: messageID,
		CreatedAt:         s.Now(),
	})
}

// SendPaymentReceipt e-mails a receipt. Receipts go out at most once: the
// notification row is claimed before sending, and a send that fails after
// the claim is left in 'sending' for the support queue rather than retried.
func (s *Service) SendPaymentReceipt(ctx context.Context, paymentID string) error {
	p, err := s.Payments.Get(ctx, paymentID)
	if err != nil {
		return err
	}
	if p.Status != domain.PaymentSucceeded {
		return nil
	}
	patron, err := s.Patrons.Get(ctx, p.PatronID)
	if err != nil {
		return err
	}
	claimed, err := s.Notifications.Claim(ctx, domain.Notification{
		ID:        s.NewID(),
		PatronID:  patron.ID,
		Kind:      domain.NotifyPaymentReceipt,
		Ref:       p.ID,
		CreatedAt: s.Now(),
	})
	if err != nil {
		return err
	}
	if !claimed {
		return nil
	}
	msg := mailer.PaymentReceipt(patron.Email, patron.DisplayName, p.AmountCents, p.ID)
	messageID, err := s.Mail.Send(ctx, msg)
	if err != nil {
		s.Log.ErrorContext(ctx, "receipt send failed", "payment_id", p.ID, "err", err)
		return nil
	}
	return s.Notifications.SetSent(ctx, domain.NotifyPaymentReceipt, p.ID, messageID)
}
