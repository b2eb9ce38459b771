package billing

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/quaymark/terminal-ops/internal/domain"
	"github.com/quaymark/terminal-ops/internal/platform/db"
	"github.com/quaymark/terminal-ops/internal/platform/ids"
	"github.com/quaymark/terminal-ops/internal/providers/notify"
)

// Invoicing issues and sends demurrage invoices.
type Invoicing struct {
	uow      db.UnitOfWork
	invoices Invoices
	accruals Accruals
	accounts Accounts
	mail     Mailer
	now      func() time.Time
}

// NewInvoicing wires Invoicing.
func NewInvoicing(uow db.UnitOfWork, invoices Invoices, accruals Accruals, accounts Accounts, mail Mailer) *Invoicing {
	return &Invoicing{uow: uow, invoices: invoices, accruals: accruals, accounts: accounts, mail: mail, now: time.Now}
}

// Generate issues the invoice of a line for a period. It returns the
// existing invoice when one was issued already, and nil when there is
// nothing to bill.
func (s *Invoicing) Generate(ctx context.Context, lineCode, period string) (*domain.Invoice, error) {
	from, to, err := periodBounds(period)
	if err != nil {
		return nil, err
	}
	var inv *domain.Invoice
	err = s.uow.Do(ctx, func(ctx context.Context) error {
		existing, err := s.invoices.ForPeriod(ctx, lineCode, period)
		if err == nil {
			inv = existing
			return nil
		}
		if !errors.Is(err, db.ErrNotFound) {
			return err
		}
		accruals, err := s.accruals.Uninvoiced(ctx, lineCode, from, to)
		if err != nil || len(accruals) == 0 {
			return err
		}
		acct, err := s.accounts.Get(ctx, lineCode)
		if err != nil {
			return fmt.Errorf("line account %s: %w", lineCode, err)
		}
		inv = &domain.Invoice{
			ID:               uuid.NewString(),
			Number:           ids.InvoiceNumber(lineCode, period),
			LineCode:         lineCode,
			Period:           period,
			Currency:         acct.Currency,
			Status:           domain.InvoiceIssued,
			AutochargeStatus: domain.AutochargeNone,
		}
		lines := make([]domain.InvoiceLine, 0, len(accruals))
		accrualIDs := make([]int64, 0, len(accruals))
		for _, a := range accruals {
			inv.TotalCents += a.AmountCents
			accrualIDs = append(accrualIDs, a.ID)
			lines = append(lines, domain.InvoiceLine{
				InvoiceID: inv.ID, AccrualID: a.ID, ContainerNo: a.ContainerNo,
				AccrualDate: a.AccrualDate, AmountCents: a.AmountCents,
			})
		}
		if err := s.invoices.Insert(ctx, inv, lines); err != nil {
			return err
		}
		if err := s.accruals.MarkInvoiced(ctx, accrualIDs, inv.ID); err != nil {
			return fmt.Errorf("link accruals to %s: %w", inv.Number, err)
		}
		return s.accounts.AddBalance(ctx, lineCode, inv.TotalCents)
	})
	if err != nil {
		return nil, err
	}
	return inv, nil
}

// Send e-mails the invoice to the line's billing address.
func (s *Invoicing) Send(ctx context.Context, invoiceID string) error {
	inv, err := s.invoices.Get(ctx, invoiceID)
	if err != nil {
		return err
	}
	if inv.SentAt != nil {
		return nil
	}
	acct, err := s.accounts.Get(ctx, inv.LineCode)
	if err != nil {
		return err
	}
	err = s.mail.Send(ctx, notify.Message{
		To:      []string{acct.BillingEmail},
		Subject: fmt.Sprintf("Demurrage invoice %s (%s)", inv.Number, inv.Period),
		Text: fmt.Sprintf("Dear %s,\n\nDemurrage invoice %s for %s is ready in the line portal, total %s %.2f.\n\nQuaymark Terminal Billing",
			acct.Name, inv.Number, inv.Period, inv.Currency, float64(inv.TotalCents)/100),
	})
	if err != nil {
		return fmt.Errorf("mail invoice %s: %w", inv.Number, err)
	}
	return s.invoices.MarkSent(ctx, inv.ID, s.now().UTC())
}
