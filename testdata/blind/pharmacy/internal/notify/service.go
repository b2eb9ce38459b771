// Package notify owns patient SMS: storing notifications, delivering them
// through Twilio, and tracking delivery status.
package notify

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/cedarleaf/pharmacy/internal/db"
	"github.com/cedarleaf/pharmacy/internal/platform/ids"
	"github.com/cedarleaf/pharmacy/internal/platform/logx"
	"github.com/cedarleaf/pharmacy/internal/provider/twilio"
	"github.com/cedarleaf/pharmacy/internal/store"
	"github.com/cedarleaf/pharmacy/internal/tasks"
)

// Service delivers notifications.
type Service struct {
	store store.Store
	jobs  tasks.Inserter
	sms   twilio.Sender
	now   func() time.Time
}

// NewService builds a Service.
func NewService(st store.Store, jobs tasks.Inserter, sms twilio.Sender) *Service {
	return &Service{store: st, jobs: jobs, sms: sms, now: time.Now}
}

// Deliver sends one stored notification. It is at-most-once: the row is
// moved to 'sending' before Twilio is called, and a row found in 'sending'
// on a later attempt is not sent again because we cannot tell whether Twilio
// accepted it.
func (s *Service) Deliver(ctx context.Context, notificationID uuid.UUID) error {
	log := logx.From(ctx).With(slog.String("notification_id", notificationID.String()))

	n, err := s.store.GetNotification(ctx, notificationID)
	if err != nil {
		return fmt.Errorf("load notification: %w", err)
	}
	switch n.Status {
	case "sent", "delivered", "undelivered", "failed", "in_doubt":
		return nil
	}

	claimed, err := s.store.ClaimNotificationForSend(ctx, n.ID)
	if err != nil {
		return fmt.Errorf("claim notification: %w", err)
	}
	if claimed == 0 {
		log.Warn("notification already claimed by an earlier attempt; not resending")
		_ = s.store.MarkNotificationStatus(ctx, db.MarkNotificationStatusParams{ID: n.ID, Status: "in_doubt"})
		s.attempt(ctx, n.ID, "", "in_doubt", "previous attempt did not finish")
		return nil
	}

	msg, err := s.sms.Send(ctx, n.ToPhone, n.Body)
	if err != nil {
		var te *twilio.Error
		if errors.As(err, &te) && te.Temporary() {
			// Throttled: Twilio did not accept the message, safe to put back.
			_ = s.store.MarkNotificationStatus(ctx, db.MarkNotificationStatusParams{ID: n.ID, Status: "pending"})
			s.attempt(ctx, n.ID, "", "throttled", err.Error())
			return err
		}
		_ = s.store.MarkNotificationStatus(ctx, db.MarkNotificationStatusParams{ID: n.ID, Status: "failed"})
		s.attempt(ctx, n.ID, "", "failed", err.Error())
		log.Error("sms send failed", slog.Any("err", err))
		return nil
	}

	if err := s.store.MarkNotificationSent(ctx, db.MarkNotificationSentParams{ID: n.ID, ProviderSid: store.Text(msg.SID)}); err != nil {
		return fmt.Errorf("mark sent: %w", err)
	}
	s.attempt(ctx, n.ID, msg.SID, "accepted", msg.Status)
	return nil
}

// attempt appends to the delivery log. Failures here are logged, never
// returned: the log is diagnostic.
func (s *Service) attempt(ctx context.Context, notificationID uuid.UUID, sid, status, detail string) {
	err := s.store.InsertNotificationAttempt(ctx, db.InsertNotificationAttemptParams{
		ID:             ids.NewULID(),
		NotificationID: store.NullUUID(notificationID),
		ProviderSid:    store.Text(sid),
		Status:         status,
		Detail:         store.Text(detail),
	})
	if err != nil {
		logx.From(ctx).Warn("notification attempt log failed", slog.Any("err", err))
	}
}

// StatusCallback applies a Twilio message status callback. Twilio may post
// the same status more than once; setting a status is idempotent.
func (s *Service) StatusCallback(ctx context.Context, messageSID, status, errorCode string) error {
	id, err := s.store.UpdateNotificationStatusBySID(ctx, db.UpdateNotificationStatusBySIDParams{
		ProviderSid: store.Text(messageSID),
		Status:      status,
	})
	if err != nil && !store.IsNotFound(err) {
		return err
	}
	var nid uuid.UUID
	if err == nil {
		nid = id
	}
	s.attempt(ctx, nid, messageSID, "callback:"+status, errorCode)
	return nil
}

// SendRefillReminders texts every patient whose refill falls due leadDays
// from asOf. Each prescription is handled in its own transaction so that one
// bad phone number doesn't hold back the rest of the batch.
func (s *Service) SendRefillReminders(ctx context.Context, asOf time.Time, leadDays int) (int, error) {
	due := asOf.AddDate(0, 0, leadDays)
	rows, err := s.store.ListPrescriptionsDueForRefill(ctx, store.Date(due))
	if err != nil {
		return 0, fmt.Errorf("list due prescriptions: %w", err)
	}

	queued := 0
	for _, rx := range rows {
		err := s.store.InTx(ctx, func(q *db.Queries, tx pgx.Tx) error {
			nid, err := QueueTx(ctx, q, tx, s.jobs, Draft{
				PatientID: rx.PatientID,
				Template:  TemplateRefillReminder,
				To:        rx.PhoneE164,
				Vars: map[string]any{
					"FirstName": rx.FirstName,
					"Drug":      rx.DrugName,
					"DueDate":   rx.NextFillDue.Time.Format("Jan 2"),
				},
			})
			if err != nil {
				return err
			}
			return q.InsertRefillReminder(ctx, db.InsertRefillReminderParams{
				ID:             uuid.New(),
				PrescriptionID: rx.ID,
				DueDate:        rx.NextFillDue,
				NotificationID: nid,
			})
		})
		if err != nil {
			return queued, fmt.Errorf("reminder for prescription %s: %w", rx.ID, err)
		}
		queued++
	}
	return queued, nil
}
