package invoicing

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"

	"github.com/google/uuid"

	"github.com/kelpline-systems/quotareg/internal/domain"
	"github.com/kelpline-systems/quotareg/internal/ports"
	"github.com/kelpline-systems/quotareg/internal/refs"
)

// FeeRuns are the periodic billing runs started by registry-cron.
type FeeRuns struct {
	*Service
	holdings ports.HoldingRepository
	log      *slog.Logger
}

func NewFeeRuns(svc *Service, holdings ports.HoldingRepository, log *slog.Logger) *FeeRuns {
	return &FeeRuns{Service: svc, holdings: holdings, log: log}
}

// RunLicenceFees raises the monthly licence fee for every active vessel and
// queues collection. period is YYYY-MM.
func (r *FeeRuns) RunLicenceFees(ctx context.Context, period string) error {
	vessels, err := r.vessels.ListActive(ctx)
	if err != nil {
		return err
	}
	var failed int
	for i := range vessels {
		v := &vessels[i]
		inv := &domain.Invoice{
			ID:          uuid.New(),
			Number:      refs.NewInvoiceNumber("LIC"),
			VesselID:    v.ID,
			Kind:        domain.InvoiceLicenceFee,
			SourceRef:   v.RegistrationNo,
			Period:      period,
			AmountMinor: r.tariff.LicenceFee(v),
			Currency:    r.tariff.Currency,
			Status:      domain.InvoiceOpen,
			DueAt:       r.now().Add(r.tariff.DueAfter),
		}
		if err := r.invoices.Create(ctx, inv); err != nil {
			r.log.Error("licence fee invoice", "vessel", v.RegistrationNo, "err", err)
			failed++
			continue
		}
		if err := r.queueCharge(ctx, inv.ID); err != nil {
			return err
		}
	}
	if failed > 0 {
		return fmt.Errorf("invoicing: licence fees %s: %d vessels failed", period, failed)
	}
	return nil
}

// RunOveragePenalties bills every holding landed over its allocation for
// the season. Penalties are collected immediately rather than through the
// charge queue so that the run's report shows the outcome.
func (r *FeeRuns) RunOveragePenalties(ctx context.Context, season int) error {
	holdings, err := r.holdings.Overages(ctx, season)
	if err != nil {
		return err
	}
	var errs []error
	for i := range holdings {
		h := &holdings[i]
		inv := &domain.Invoice{
			ID:          refs.Derived("invoice", domain.InvoiceOveragePenalty, h.ID.String()),
			Number:      fmt.Sprintf("OVR-%d-%s", season, h.ID.String()[:8]),
			VesselID:    h.VesselID,
			Kind:        domain.InvoiceOveragePenalty,
			SourceRef:   h.ID.String(),
			Period:      strconv.Itoa(season),
			AmountMinor: r.tariff.OveragePenalty(h),
			Currency:    r.tariff.Currency,
			Status:      domain.InvoiceOpen,
			DueAt:       r.now().Add(r.tariff.DueAfter),
		}
		if _, err := r.invoices.InsertIfAbsent(ctx, inv); err != nil {
			errs = append(errs, err)
			continue
		}
		if err := r.collectPenalty(ctx, inv.ID); err != nil {
			errs = append(errs, fmt.Errorf("holding %s: %w", h.ID, err))
		}
	}
	return errors.Join(errs...)
}

func (r *FeeRuns) collectPenalty(ctx context.Context, invoiceID uuid.UUID) error {
	inv, err := r.invoices.Get(ctx, invoiceID)
	if err != nil {
		return err
	}
	if inv.Status != domain.InvoiceOpen {
		return nil
	}
	vessel, err := r.vessels.Get(ctx, inv.VesselID)
	if err != nil {
		return err
	}
	charge, err := r.payments.CreateCharge(ctx, ports.ChargeRequest{
		CustomerRef:    vessel.PaymentCustomerRef,
		AmountMinor:    inv.AmountMinor,
		Currency:       inv.Currency,
		Description:    "Quota overage penalty " + inv.Number,
		Metadata:       map[string]string{"invoice_id": inv.ID.String()},
		IdempotencyKey: refs.NewRequestKey("overage"),
	})
	if err != nil {
		return err
	}
	_, err = r.invoices.Transition(ctx, inv.ID, []string{domain.InvoiceOpen}, domain.InvoiceCharged, charge.ID)
	return err
}
