package service

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/google/uuid"

	"github.com/aerolounge/loungepass/internal/domain"
	"github.com/aerolounge/loungepass/internal/provider/notify"
	"github.com/aerolounge/loungepass/internal/tasks"
)

const kindRenewalReminder = "renewal_reminder"

type NotificationService interface {
	SendRenewalReminders(ctx context.Context) (int, error)
	SendReceipt(ctx context.Context, p tasks.ReceiptPayload, dedupKey string) error
	SendTransferEmail(ctx context.Context, transferID uuid.UUID) error
}

type notificationService struct {
	notifications NotificationStore
	transfers     TransferStore
	mailer        Mailer
	sms           SMSSender
	newID         NewIDFunc
	now           NowFunc
	log           *slog.Logger
	leadTime      time.Duration
}

func NewNotificationService(ns NotificationStore, transfers TransferStore, mailer Mailer, sms SMSSender, newID NewIDFunc, now NowFunc, log *slog.Logger) NotificationService {
	return &notificationService{notifications: ns, transfers: transfers, mailer: mailer, sms: sms,
		newID: newID, now: now, log: log, leadTime: 7 * 24 * time.Hour}
}

// SendRenewalReminders texts members whose membership expires within the
// lead time. Sent reminders are recorded in one batch at the end of the run.
func (s *notificationService) SendRenewalReminders(ctx context.Context) (int, error) {
	now := s.now()
	due, err := s.notifications.ListUnnotified(ctx, kindRenewalReminder, now, now.Add(s.leadTime))
	if err != nil {
		return 0, err
	}
	sent := make([]domain.Notification, 0, len(due))
	for _, c := range due {
		if c.Phone == nil || *c.Phone == "" {
			continue
		}
		body := fmt.Sprintf("Hi %s, your LoungePass %s membership expires on %s. Renew in the app to keep your lounge access.",
			firstName(c.FullName), c.PlanCode, c.ExpiresAt.Format("2 Jan"))
		if _, err := s.sms.Send(ctx, *c.Phone, body); err != nil {
			s.log.WarnContext(ctx, "renewal reminder failed", "membership_id", c.MembershipID, "err", err)
			continue
		}
		sent = append(sent, domain.Notification{
			ID:           s.newID(),
			MembershipID: c.MembershipID,
			Kind:         kindRenewalReminder,
			Period:       c.ExpiresAt.UTC().Format("2006-01-02"),
			Channel:      "sms",
			SentAt:       s.now(),
		})
	}
	if err := s.notifications.RecordSent(ctx, sent); err != nil {
		return 0, fmt.Errorf("record reminders: %w", err)
	}
	return len(sent), nil
}

func firstName(full string) string {
	for i, r := range full {
		if r == ' ' {
			return full[:i]
		}
	}
	return full
}

// SendReceipt emails a payment receipt. dedupKey is passed to the mail
// provider so a redelivered task does not send twice.
func (s *notificationService) SendReceipt(ctx context.Context, p tasks.ReceiptPayload, dedupKey string) error {
	_, err := s.mailer.Send(ctx, notify.Email{
		To:       p.Email,
		Template: "receipt_" + p.Kind,
		Data: map[string]string{
			"subject_id":   p.SubjectID.String(),
			"amount_cents": strconv.FormatInt(p.AmountCents, 10),
			"currency":     p.Currency,
			"payment_ref":  p.PaymentRef,
		},
		Tags: []string{"receipt"},
	}, dedupKey)
	return err
}

// SendTransferEmail sends the claim code for a guest pass transfer.
func (s *notificationService) SendTransferEmail(ctx context.Context, transferID uuid.UUID) error {
	t, err := s.transfers.Get(ctx, transferID)
	if err != nil {
		return err
	}
	if t.Status != domain.TransferPending {
		return nil
	}
	_, err = s.mailer.Send(ctx, notify.Email{
		To:       t.RecipientEmail,
		Template: "guest_pass_gift",
		Data:     map[string]string{"claim_code": t.ClaimCode},
	}, "transfer-email:"+t.ID.String())
	return err
}
