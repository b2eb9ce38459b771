// Package invoicing raises the registry's fees as invoices and collects them
// through the payments provider.
package invoicing

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/kelpline-systems/quotareg/internal/config"
	"github.com/kelpline-systems/quotareg/internal/domain"
	"github.com/kelpline-systems/quotareg/internal/ports"
	"github.com/kelpline-systems/quotareg/internal/refs"
	"github.com/kelpline-systems/quotareg/internal/tasks"
)

// Tariff computes fee amounts in minor units.
type Tariff struct {
	Currency            string
	LandingFeePerTonne  int64
	LicenceFeePerMetre  int64
	OveragePenaltyPerKg int64
	DueAfter            time.Duration
}

func TariffFromConfig(f config.Fees) Tariff {
	return Tariff{
		Currency:            f.Currency,
		LandingFeePerTonne:  f.LandingFeePerTonne,
		LicenceFeePerMetre:  f.LicenceFeePerMetre,
		OveragePenaltyPerKg: f.OveragePenaltyPerKg,
		DueAfter:            time.Duration(f.InvoiceDueAfterDays) * 24 * time.Hour,
	}
}

// LandingFee is charged per started tonne landed.
func (t Tariff) LandingFee(l *domain.Landing) int64 {
	tonnes := (l.TotalKg() + 999) / 1000
	return tonnes * t.LandingFeePerTonne
}

func (t Tariff) LicenceFee(v *domain.Vessel) int64 {
	return int64(v.LengthM*100) * t.LicenceFeePerMetre / 100
}

func (t Tariff) OveragePenalty(h *domain.QuotaHolding) int64 {
	return h.OverageKg() * t.OveragePenaltyPerKg
}

type Service struct {
	invoices ports.InvoiceRepository
	attempts ports.PaymentAttemptRepository
	landings ports.LandingRepository
	vessels  ports.VesselRepository
	payments ports.PaymentGateway
	queue    ports.TaskQueue
	tariff   Tariff
	now      func() time.Time
}

func New(
	invoices ports.InvoiceRepository,
	attempts ports.PaymentAttemptRepository,
	landings ports.LandingRepository,
	vessels ports.VesselRepository,
	payments ports.PaymentGateway,
	queue ports.TaskQueue,
	tariff Tariff,
) *Service {
	return &Service{
		invoices: invoices,
		attempts: attempts,
		landings: landings,
		vessels:  vessels,
		payments: payments,
		queue:    queue,
		tariff:   tariff,
		now:      time.Now,
	}
}

// CreateLandingFee raises the landing fee for a landing and queues its
// collection. Runs as the invoice:landing-fee task.
func (s *Service) CreateLandingFee(ctx context.Context, landingID uuid.UUID) error {
	l, err := s.landings.Get(ctx, landingID)
	if err != nil {
		return err
	}
	inv := &domain.Invoice{
		ID:          refs.LandingFeeInvoiceID(l.ID),
		Number:      refs.LandingFeeNumber(l.PortCode, l.DeclarationNo),
		VesselID:    l.VesselID,
		Kind:        domain.InvoiceLandingFee,
		SourceRef:   l.ID.String(),
		Period:      l.LandedAt.Format("2006-01"),
		AmountMinor: s.tariff.LandingFee(l),
		Currency:    s.tariff.Currency,
		Status:      domain.InvoiceOpen,
		DueAt:       s.now().Add(s.tariff.DueAfter),
	}
	if err := s.invoices.Insert(ctx, inv); err != nil {
		return fmt.Errorf("invoicing: landing fee for %s: %w", l.ID, err)
	}
	return s.queueCharge(ctx, inv.ID)
}

func (s *Service) queueCharge(ctx context.Context, invoiceID uuid.UUID) error {
	return s.queue.Enqueue(ctx, ports.Job{
		Type:    tasks.TypeInvoiceCharge,
		Payload: tasks.InvoiceChargePayload{InvoiceID: invoiceID},
		Key:     "invoice-charge:" + invoiceID.String(),
	})
}

// Charge collects an open invoice from the vessel's mandate. Runs as the
// invoice:charge task; asynq retries it on error.
func (s *Service) Charge(ctx context.Context, invoiceID uuid.UUID) error {
	inv, err := s.invoices.Get(ctx, invoiceID)
	if err != nil {
		return err
	}
	if inv.Settled() {
		return nil
	}
	vessel, err := s.vessels.Get(ctx, inv.VesselID)
	if err != nil {
		return err
	}

	key := "invoice:" + inv.ID.String()
	charge, chargeErr := s.payments.CreateCharge(ctx, ports.ChargeRequest{
		CustomerRef:    vessel.PaymentCustomerRef,
		AmountMinor:    inv.AmountMinor,
		Currency:       inv.Currency,
		Description:    "Invoice " + inv.Number,
		Metadata:       map[string]string{"invoice_id": inv.ID.String()},
		IdempotencyKey: key,
	})

	attempt := &domain.PaymentAttempt{ID: uuid.New(), InvoiceID: inv.ID, IdempotencyKey: key, Outcome: "succeeded"}
	if chargeErr != nil {
		attempt.Outcome, attempt.Error = "failed", chargeErr.Error()
	} else {
		attempt.ChargeID = charge.ID
	}
	if err := s.attempts.Record(ctx, attempt); err != nil {
		return fmt.Errorf("invoicing: record attempt: %w", err)
	}
	if chargeErr != nil {
		return chargeErr
	}

	_, err = s.invoices.Transition(ctx, inv.ID,
		[]string{domain.InvoiceOpen, domain.InvoiceFailed}, domain.InvoiceCharged, charge.ID)
	return err
}
