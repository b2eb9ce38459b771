package services

import (
	"context"
	"time"

	"github.com/pawpath/vetclinic/internal/core/domain"
	"github.com/pawpath/vetclinic/internal/core/ports"
	"github.com/pawpath/vetclinic/internal/errs"
	"github.com/pawpath/vetclinic/internal/platform/ids"
)

// CheckoutService closes a visit: it turns the treatment lines into an
// invoice, applies the deposit and any loyalty points, and completes the
// appointment.
type CheckoutService struct {
	tx       ports.TxRunner
	appts    ports.AppointmentRepository
	deposits ports.DepositRepository
	invoices ports.InvoiceRepository
	loyalty  *LoyaltyService
	currency string
	now      func() time.Time
}

func NewCheckoutService(
	tx ports.TxRunner,
	appts ports.AppointmentRepository,
	deposits ports.DepositRepository,
	invoices ports.InvoiceRepository,
	loyalty *LoyaltyService,
	settings Settings,
) *CheckoutService {
	return &CheckoutService{
		tx: tx, appts: appts, deposits: deposits, invoices: invoices, loyalty: loyalty,
		currency: settings.Currency, now: settings.clock(),
	}
}

type LineInput struct {
	Code        string `json:"code"`
	Description string `json:"description"`
	Quantity    int    `json:"quantity"`
	UnitCents   int64  `json:"unit_cents"`
}

type CheckoutRequest struct {
	Lines        []LineInput `json:"lines"`
	RedeemPoints int64       `json:"redeem_points"`
	DueInDays    int         `json:"due_in_days"`
}

func (s *CheckoutService) Checkout(ctx context.Context, appointmentID string, req CheckoutRequest) (domain.Invoice, error) {
	const op errs.Op = "checkout.Checkout"
	if len(req.Lines) == 0 {
		return domain.Invoice{}, errs.E(op, errs.Invalid, "at least one line is required")
	}
	appt, err := s.appts.Get(ctx, appointmentID)
	if err != nil {
		return domain.Invoice{}, errs.Wrap(op, err)
	}
	switch appt.Status {
	case domain.AppointmentCompleted:
		inv, err := s.invoices.ByAppointment(ctx, appt.ID)
		return inv, errs.Wrap(op, err)
	case domain.AppointmentCancelled:
		return domain.Invoice{}, errs.E(op, errs.Precondition, "appointment was cancelled")
	}

	invoiceID := ids.New()
	var subtotal int64
	lines := make([]domain.InvoiceLine, 0, len(req.Lines))
	for _, l := range req.Lines {
		if l.Quantity <= 0 || l.UnitCents < 0 {
			return domain.Invoice{}, errs.E(op, errs.Invalid, "bad line quantity or price")
		}
		subtotal += int64(l.Quantity) * l.UnitCents
		lines = append(lines, domain.InvoiceLine{
			ID: ids.New(), InvoiceID: invoiceID, Code: l.Code,
			Description: l.Description, Quantity: l.Quantity, UnitCents: l.UnitCents,
		})
	}

	var depositApplied int64
	dep, err := s.deposits.ByAppointment(ctx, appt.ID)
	switch {
	case err == nil && dep.Status == domain.DepositPaid:
		depositApplied = min(dep.AmountCents-dep.RefundedCents, subtotal)
	case err != nil && !errs.Is(errs.NotFound, err):
		return domain.Invoice{}, errs.Wrap(op, err)
	}

	var loyaltyCents int64
	if req.RedeemPoints > 0 {
		maxPoints := subtotal - depositApplied
		points := min(req.RedeemPoints, maxPoints)
		red, err := s.loyalty.Redeem(ctx, appt.OwnerID, points, "Visit "+appt.ID)
		if err != nil {
			return domain.Invoice{}, errs.Wrap(op, err)
		}
		loyaltyCents = red.CreditCents
	}

	dueIn := req.DueInDays
	if dueIn <= 0 {
		dueIn = 14
	}
	now := s.now()
	total := max(subtotal-depositApplied-loyaltyCents, 0)
	inv := domain.Invoice{
		ID:                  invoiceID,
		AppointmentID:       appt.ID,
		ClinicID:            appt.ClinicID,
		OwnerID:             appt.OwnerID,
		Currency:            s.currency,
		SubtotalCents:       subtotal,
		LoyaltyCents:        loyaltyCents,
		DepositAppliedCents: depositApplied,
		TotalCents:          total,
		Status:              domain.InvoiceOpen,
		DueAt:               now.AddDate(0, 0, dueIn),
	}
	if total == 0 {
		inv.Status = domain.InvoicePaid
	}

	var out domain.Invoice
	err = s.tx.WithTx(ctx, func(ctx context.Context) error {
		stored, err := s.invoices.Create(ctx, inv, lines)
		if err != nil {
			return err
		}
		if err := s.appts.Complete(ctx, appt.ID, now); err != nil {
			return err
		}
		out = stored
		return nil
	})
	return out, errs.Wrap(op, err)
}
