// Package billing owns copay charges, refunds and patient credit.
package billing

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/carelink/telehealth/internal/domain"
	"github.com/carelink/telehealth/internal/ids"
	"github.com/carelink/telehealth/internal/providers/stripepay"
	"github.com/carelink/telehealth/internal/store"
)

// Charger is the payment provider seen by the copay service.
type Charger interface {
	ChargeCopay(ctx context.Context, req stripepay.ChargeRequest) (stripepay.ChargeResult, error)
}

// CopayStore is the persistence the copay service needs.
type CopayStore interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Copay, error)
	RecordAttempt(ctx context.Context, id uuid.UUID, res store.AttemptResult) error
}

// PatientLookup loads the patient's saved payment method.
type PatientLookup interface {
	Patient(ctx context.Context, id uuid.UUID) (*domain.Patient, error)
}

// CopayService charges copays.
type CopayService struct {
	copays   CopayStore
	charger  Charger
	patients PatientLookup
	log      *slog.Logger
}

func NewCopayService(copays CopayStore, charger Charger, patients PatientLookup, log *slog.Logger) *CopayService {
	return &CopayService{copays: copays, charger: charger, patients: patients, log: log}
}

// NewCopay builds the copay row for a booking.
func NewCopay(apptID, patientID uuid.UUID, cents int64) *domain.Copay {
	id := ids.NewUUID()
	return &domain.Copay{
		ID:             id,
		AppointmentID:  apptID,
		PatientID:      patientID,
		AmountCents:    cents,
		Currency:       "usd",
		Status:         domain.CopayPending,
		IdempotencyKey: ids.Derived("copay", id.String()),
	}
}

// Charge charges a pending copay.
func (s *CopayService) Charge(ctx context.Context, c *domain.Copay) (*domain.Copay, error) {
	return s.charge(ctx, c, c.IdempotencyKey)
}

// RetryCharge charges a copay again after a decline once the patient has
// updated their card.
func (s *CopayService) RetryCharge(ctx context.Context, copayID uuid.UUID) (*domain.Copay, error) {
	c, err := s.copays.Get(ctx, copayID)
	if err != nil {
		return nil, err
	}
	switch c.Status {
	case domain.CopaySucceeded, domain.CopayRefunded, domain.CopayWaived:
		return nil, fmt.Errorf("copay %s is %s: %w", c.ID, c.Status, domain.ErrInvalidState)
	}
	key := ids.Derived("copay", c.ID.String(), "retry", ids.Short())
	return s.charge(ctx, c, key)
}

func (s *CopayService) charge(ctx context.Context, c *domain.Copay, key string) (*domain.Copay, error) {
	p, err := s.patients.Patient(ctx, c.PatientID)
	if err != nil {
		return nil, err
	}
	if p.StripeCustomerID == nil || p.DefaultPaymentMethod == nil {
		return nil, fmt.Errorf("patient %s has no saved card: %w", p.ID, domain.ErrInvalidState)
	}
	res, err := s.charger.ChargeCopay(ctx, stripepay.ChargeRequest{
		CustomerID:      *p.StripeCustomerID,
		PaymentMethodID: *p.DefaultPaymentMethod,
		AmountCents:     c.AmountCents,
		Currency:        c.Currency,
		Description:     "Telehealth visit copay " + stripepay.AmountString(c.AmountCents),
		Metadata: map[string]string{
			"copay_id":       c.ID.String(),
			"appointment_id": c.AppointmentID.String(),
		},
		IdempotencyKey: key,
	})
	if err != nil {
		s.log.Error("copay charge error", "copay", c.ID, "err", err)
		if rerr := s.copays.RecordAttempt(ctx, c.ID, store.AttemptResult{Status: domain.CopayFailed, FailureCode: "provider_error"}); rerr != nil {
			s.log.Error("record copay attempt", "copay", c.ID, "err", rerr)
		}
		return nil, fmt.Errorf("%w: %v", domain.ErrPaymentFailed, err)
	}
	status := mapIntentStatus(res.Status)
	if err := s.copays.RecordAttempt(ctx, c.ID, store.AttemptResult{
		Status: status, PaymentIntentID: res.PaymentIntentID, FailureCode: res.FailureCode,
	}); err != nil {
		return nil, err
	}
	c.Status = status
	if res.PaymentIntentID != "" {
		c.StripePaymentIntentID = &res.PaymentIntentID
	}
	return c, nil
}

func mapIntentStatus(s string) string {
	switch s {
	case "succeeded":
		return domain.CopaySucceeded
	case "processing":
		return domain.CopayProcessing
	case "failed", "requires_payment_method", "canceled":
		return domain.CopayFailed
	default:
		return domain.CopayPending
	}
}
