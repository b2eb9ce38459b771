// Package smsstatus implements app.SMSStatusService.
package smsstatus

import (
	"context"
	"fmt"

	"github.com/quillsign/esign/internal/app"
	"github.com/quillsign/esign/internal/domain"
	"github.com/quillsign/esign/internal/store"
	"github.com/quillsign/esign/internal/store/queries"
)

// Statuses after which the provider sends no further receipts.
var terminal = map[string]bool{
	"delivered":   true,
	"undelivered": true,
	"failed":      true,
}

// Service implements app.SMSStatusService.
type Service struct {
	db app.Database
}

var _ app.SMSStatusService = (*Service)(nil)

// New returns a Service.
func New(db app.Database) *Service { return &Service{db: db} }

// Record stores a delivery receipt and, for final statuses, copies it onto
// the reminder that produced the message.
func (s *Service) Record(ctx context.Context, cb app.SMSStatusCallback) error {
	if cb.MessageID == "" || cb.Status == "" {
		return app.Invalid("MessageSid", "required")
	}
	ev := domain.SMSStatusEvent{
		ProviderMessageID: cb.MessageID,
		Status:            cb.Status,
		ReceivedAt:        cb.At,
	}
	if cb.ErrorCode != "" {
		code := cb.ErrorCode
		ev.ErrorCode = &code
	}
	if _, err := store.Insert(ctx, s.db, ev); err != nil {
		return fmt.Errorf("record sms status: %w", err)
	}
	if !terminal[cb.Status] {
		return nil
	}
	return queries.SetReminderDeliveryStatus(ctx, s.db, cb.MessageID, cb.Status)
}
