package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/aerolounge/loungepass/internal/domain"
	"github.com/aerolounge/loungepass/internal/provider/airline"
)

type InvoicingService interface {
	RequestRun(ctx context.Context, period string) (bool, error)
	FanOut(ctx context.Context, period string) (int, error)
	Generate(ctx context.Context, airlineCode, period string) (domain.PartnerInvoice, error)
	Submit(ctx context.Context, invoiceID uuid.UUID) error
}

type invoicingService struct {
	partners PartnerStore
	invoices InvoiceStore
	visits   VisitStore
	billing  AirlineBilling
	queue    TaskQueue
	newID    NewIDFunc
	now      NowFunc
	log      *slog.Logger
}

func NewInvoicingService(partners PartnerStore, invoices InvoiceStore, visits VisitStore, billing AirlineBilling,
	queue TaskQueue, newID NewIDFunc, now NowFunc, log *slog.Logger) InvoicingService {
	return &invoicingService{partners: partners, invoices: invoices, visits: visits, billing: billing,
		queue: queue, newID: newID, now: now, log: log}
}

// ParsePeriod validates a YYYY-MM billing period and returns its UTC bounds.
func ParsePeriod(period string) (time.Time, time.Time, error) {
	start, err := time.Parse("2006-01", period)
	if err != nil {
		return time.Time{}, time.Time{}, fmt.Errorf("period %q: %w", period, domain.ErrValidation)
	}
	return start, start.AddDate(0, 1, 0), nil
}

// RequestRun schedules invoicing for a closed period. It reports false when a
// run for the period is already scheduled.
func (s *invoicingService) RequestRun(ctx context.Context, period string) (bool, error) {
	_, end, err := ParsePeriod(period)
	if err != nil {
		return false, err
	}
	if s.now().Before(end) {
		return false, fmt.Errorf("period %s has not closed: %w", period, domain.ErrValidation)
	}
	return s.queue.EnqueueInvoiceRun(ctx, period)
}

// FanOut schedules one generate task per active airline partner.
func (s *invoicingService) FanOut(ctx context.Context, period string) (int, error) {
	if _, _, err := ParsePeriod(period); err != nil {
		return 0, err
	}
	partners, err := s.partners.ListActive(ctx)
	if err != nil {
		return 0, err
	}
	for _, p := range partners {
		if err := s.queue.EnqueueInvoiceGenerate(ctx, p.Code, period); err != nil {
			return 0, err
		}
	}
	return len(partners), nil
}

// Generate builds the airline's invoice for the period from its passengers'
// visits, finalises it, and schedules submission.
func (s *invoicingService) Generate(ctx context.Context, airlineCode, period string) (domain.PartnerInvoice, error) {
	from, to, err := ParsePeriod(period)
	if err != nil {
		return domain.PartnerInvoice{}, err
	}
	partner, err := s.partners.Get(ctx, airlineCode)
	if err != nil {
		return domain.PartnerInvoice{}, err
	}
	inv, err := s.invoices.EnsureDraft(ctx, s.newID(), partner.Code, period, partner.Currency)
	if err != nil {
		return domain.PartnerInvoice{}, fmt.Errorf("ensure draft: %w", err)
	}
	if inv.Status != domain.InvoiceDraft {
		return inv, s.queue.EnqueueInvoiceSubmit(ctx, inv.ID)
	}

	visits, err := s.visits.ListBillable(ctx, partner.Code, from, to)
	if err != nil {
		return inv, err
	}
	lines := make([]domain.InvoiceLine, 0, len(visits))
	visitIDs := make([]uuid.UUID, 0, len(visits))
	for _, v := range visits {
		lines = append(lines, domain.InvoiceLine{
			ID:          s.newID(),
			InvoiceID:   inv.ID,
			VisitID:     v.VisitID,
			Description: fmt.Sprintf("Lounge %s %s (%s)", v.LoungeCode, v.EnteredAt.Format("2006-01-02"), v.Reference),
			Quantity:    1 + v.GuestCount,
			AmountCents: partner.RateCentsPerVisit + int64(v.GuestCount)*partner.GuestRateCents,
		})
		visitIDs = append(visitIDs, v.VisitID)
	}
	if err := s.invoices.AddLines(ctx, lines); err != nil {
		return inv, fmt.Errorf("add lines: %w", err)
	}
	if err := s.visits.MarkInvoiced(ctx, inv.ID, visitIDs); err != nil {
		return inv, fmt.Errorf("mark visits invoiced: %w", err)
	}
	inv, err = s.invoices.Finalize(ctx, inv.ID, s.now())
	if err != nil {
		return inv, fmt.Errorf("finalize: %w", err)
	}
	s.log.InfoContext(ctx, "partner invoice finalized", "airline", partner.Code, "period", period,
		"lines", len(lines), "total_cents", inv.TotalCents)
	return inv, s.queue.EnqueueInvoiceSubmit(ctx, inv.ID)
}

// Submit sends a finalised invoice to the airline's billing API.
func (s *invoicingService) Submit(ctx context.Context, invoiceID uuid.UUID) error {
	inv, err := s.invoices.Get(ctx, invoiceID)
	if err != nil {
		return err
	}
	if inv.Status != domain.InvoiceFinalized {
		return nil
	}
	partner, err := s.partners.Get(ctx, inv.AirlineCode)
	if err != nil {
		return err
	}
	lines, err := s.invoices.Lines(ctx, inv.ID)
	if err != nil {
		return err
	}
	sub := airline.InvoiceSubmission{
		SupplierInvoiceNumber: fmt.Sprintf("LP-%s-%s", inv.AirlineCode, inv.Period),
		BillingPeriod:         inv.Period,
		Currency:              inv.Currency,
		TotalMinor:            inv.TotalCents,
		Lines:                 make([]airline.InvoiceLine, 0, len(lines)),
	}
	for _, l := range lines {
		sub.Lines = append(sub.Lines, airline.InvoiceLine{
			Reference:   l.VisitID.String(),
			Description: l.Description,
			Quantity:    l.Quantity,
			AmountMinor: l.AmountCents,
		})
	}
	receipt, err := s.billing.SubmitInvoice(ctx, partner.BillingEndpoint, sub)
	if err != nil {
		return err
	}
	if err := s.invoices.MarkSubmitted(ctx, inv.ID, receipt.PartnerInvoiceRef, s.now()); err != nil {
		return fmt.Errorf("mark submitted: %w", err)
	}
	s.log.InfoContext(ctx, "partner invoice submitted", "invoice_id", inv.ID, "partner_ref", receipt.PartnerInvoiceRef)
	return nil
}
