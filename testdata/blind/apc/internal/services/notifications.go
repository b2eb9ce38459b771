package services

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/quillpress/apcdesk/internal/domain"
)

// NotificationConfig configures outgoing e-mail.
type NotificationConfig struct {
	PayBaseURL   string // author payment portal
	RemindEvery  time.Duration
	MaxReminders int
	BatchSize    int
}

// NotificationService implements domain.NotificationService.
type NotificationService struct {
	store domain.Store
	mail  Mailer
	cfg   NotificationConfig
	log   *slog.Logger
	now   Clock
}

var _ domain.NotificationService = (*NotificationService)(nil)

// NewNotificationService wires a NotificationService.
func NewNotificationService(store domain.Store, mail Mailer, cfg NotificationConfig, log *slog.Logger) *NotificationService {
	if cfg.RemindEvery == 0 {
		cfg.RemindEvery = 7 * 24 * time.Hour
	}
	if cfg.MaxReminders == 0 {
		cfg.MaxReminders = 4
	}
	if cfg.BatchSize == 0 {
		cfg.BatchSize = 200
	}
	return &NotificationService{store: store, mail: mail, cfg: cfg, log: log.With("service", "notifications"), now: UTC}
}

func (s *NotificationService) payURL(inv domain.Invoice) string {
	return fmt.Sprintf("%s/pay/%s", s.cfg.PayBaseURL, inv.ID)
}

// SendInvoice e-mails a newly issued invoice to the payer.
func (s *NotificationService) SendInvoice(ctx context.Context, invoiceID string) error {
	inv, err := s.store.Invoices().Get(ctx, invoiceID)
	if err != nil {
		return err
	}
	if inv.EmailedAt != nil || inv.Status == domain.InvoiceVoid {
		return nil
	}
	msg, err := invoiceEmail(inv, s.payURL(inv))
	if err != nil {
		return err
	}
	if _, err := s.mail.Send(ctx, msg); err != nil {
		return fmt.Errorf("email invoice %s: %w", inv.Number, err)
	}
	return s.store.Invoices().MarkEmailed(ctx, inv.ID, s.now())
}

// SendReceipt e-mails a payment receipt. Receipts are sent at most once:
// the claim is written before the provider call, and a failed send is left
// for finance to resend by hand.
func (s *NotificationService) SendReceipt(ctx context.Context, invoiceID string) error {
	inv, err := s.store.Invoices().Get(ctx, invoiceID)
	if err != nil {
		return err
	}
	pay, err := s.store.Payments().SucceededForInvoice(ctx, inv.ID)
	if errors.Is(err, domain.ErrNotFound) {
		s.log.WarnContext(ctx, "paid invoice without a succeeded payment", "invoice", inv.Number)
		return nil
	}
	if err != nil {
		return err
	}
	claimed, err := s.store.Receipts().Claim(ctx, inv.ID, inv.PayerEmail)
	if err != nil {
		return err
	}
	if !claimed {
		return nil
	}
	msg, err := receiptEmail(inv, pay)
	if err != nil {
		return err
	}
	id, err := s.mail.Send(ctx, msg)
	if err != nil {
		s.log.ErrorContext(ctx, "receipt send failed", "invoice", inv.Number, "err", err)
		return s.store.Receipts().MarkFailed(ctx, inv.ID)
	}
	return s.store.Receipts().MarkSent(ctx, inv.ID, id, s.now())
}

// SendReminders e-mails payers of overdue invoices, at most once per
// RemindEvery and at most MaxReminders times.
func (s *NotificationService) SendReminders(ctx context.Context, now time.Time) (int, error) {
	due, err := s.store.Invoices().ListOverdue(ctx, now, s.cfg.RemindEvery, s.cfg.BatchSize)
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, inv := range due {
		if inv.ReminderCount >= s.cfg.MaxReminders {
			continue
		}
		msg, err := reminderEmail(inv, s.payURL(inv))
		if err != nil {
			return sent, err
		}
		if _, err := s.mail.Send(ctx, msg); err != nil {
			s.log.WarnContext(ctx, "reminder send failed", "invoice", inv.Number, "err", err)
			continue
		}
		if err := s.store.Invoices().RecordReminder(ctx, inv.ID, now); err != nil {
			return sent, fmt.Errorf("record reminder for %s: %w", inv.Number, err)
		}
		sent++
	}
	return sent, nil
}
