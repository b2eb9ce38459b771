// Package alerts sends queued SMS alerts to drivers and applies the
// gateway's delivery reports.
package alerts

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/rs/xid"

	"github.com/ridgeline-fleet/fuelcards/internal/domain"
	"github.com/ridgeline-fleet/fuelcards/internal/platform/pg"
	"github.com/ridgeline-fleet/fuelcards/internal/providers/sms"
)

// Repo is the persistence the alert service needs.
type Repo interface {
	AlertByID(ctx context.Context, id int64) (domain.SMSAlert, error)
	MarkAlertSent(ctx context.Context, id int64, providerMessageID string) (bool, error)
	InsertSMSReceipt(ctx context.Context, r domain.SMSReceipt) error
	ApplyReceipt(ctx context.Context, providerMessageID string, status domain.AlertStatus, at time.Time) error
}

// Texter sends SMS messages.
type Texter interface {
	Send(ctx context.Context, msg sms.Message) (sms.Sent, error)
}

// Service sends alerts and records delivery.
type Service struct {
	uow         pg.UnitOfWork[Repo]
	texter      Texter
	callbackURL string
	log         *slog.Logger
}

// New builds a Service.
func New(uow pg.UnitOfWork[Repo], texter Texter, callbackURL string, log *slog.Logger) *Service {
	return &Service{uow: uow, texter: texter, callbackURL: callbackURL, log: log}
}

// Dispatch sends one queued alert.
func (s *Service) Dispatch(ctx context.Context, alertID int64) error {
	q := s.uow.Q()
	a, err := q.AlertByID(ctx, alertID)
	if err != nil {
		return err
	}
	if a.Status != domain.AlertQueued {
		return nil
	}

	sent, err := s.texter.Send(ctx, sms.Message{
		To:             a.PhoneE164,
		Body:           a.Body,
		ClientRef:      xid.New().String(),
		StatusCallback: s.callbackURL,
	})
	if err != nil {
		return fmt.Errorf("send alert %d: %w", a.ID, err)
	}
	if _, err := q.MarkAlertSent(ctx, a.ID, sent.MessageID); err != nil {
		return fmt.Errorf("mark alert %d sent: %w", a.ID, err)
	}
	return nil
}

// Receipt is a delivery report from the gateway's status callback.
type Receipt struct {
	MessageID string    `json:"message_id"`
	Status    string    `json:"status"`
	ErrorCode string    `json:"error_code"`
	Timestamp time.Time `json:"timestamp"`
}

// Validate implements pipeline.Validator.
func (r Receipt) Validate() error {
	if r.MessageID == "" {
		return domain.Invalid("message_id", "is required")
	}
	if _, ok := receiptStatus[r.Status]; !ok {
		return domain.Invalid("status", "unknown")
	}
	return nil
}

var receiptStatus = map[string]domain.AlertStatus{
	"delivered":   domain.AlertDelivered,
	"undelivered": domain.AlertFailed,
	"failed":      domain.AlertFailed,
	"expired":     domain.AlertFailed,
}

// RecordReceipt stores the report and updates the alert.
func (s *Service) RecordReceipt(ctx context.Context, r Receipt) error {
	q := s.uow.Q()
	if err := q.InsertSMSReceipt(ctx, domain.SMSReceipt{
		ProviderMessageID: r.MessageID,
		Status:            r.Status,
		ErrorCode:         r.ErrorCode,
		ReportedAt:        r.Timestamp,
	}); err != nil {
		return fmt.Errorf("store receipt: %w", err)
	}
	return q.ApplyReceipt(ctx, r.MessageID, receiptStatus[r.Status], r.Timestamp)
}
