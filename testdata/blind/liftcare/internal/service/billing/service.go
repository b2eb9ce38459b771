// Package billing runs the monthly invoicing of building owners and keeps
// the ledger of extra charges (labour, renewal fees, parts) that the
// monthly run adds to the contract fee.
package billing

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/liftwell-systems/liftcare/internal/provider/mailer"
	"github.com/liftwell-systems/liftcare/internal/store"
)

// Service is the billing use-case boundary.
type Service interface {
	RunMonthly(ctx context.Context, period string) (Summary, error)
}

// Summary describes one monthly run.
type Summary struct {
	Period   string
	Invoiced int
	Skipped  int
	Failed   int
}

// Repository is the persistence the service needs.
type Repository interface {
	BillableContracts(ctx context.Context, period string) ([]store.BillableContract, error)
	InvoiceExists(ctx context.Context, contractID uuid.UUID, period string) (bool, error)
	SaveInvoice(ctx context.Context, contractID uuid.UUID, period string, amountCents int64) error
}

// Mailer delivers invoice e-mails.
type Mailer interface {
	SendInvoice(ctx context.Context, e mailer.InvoiceEmail) error
}

type service struct {
	repo   Repository
	mail   Mailer
	vatBPS int64 // VAT in basis points
}

// New builds the service.
func New(repo Repository, m Mailer) Service {
	return &service{repo: repo, mail: m, vatBPS: 2000}
}

// RunMonthly invoices every active contract for period. Contracts that
// already have an invoice for the period are skipped, so the run can be
// restarted after a failure.
func (s *service) RunMonthly(ctx context.Context, period string) (Summary, error) {
	if _, err := time.Parse("2006-01", period); err != nil {
		return Summary{}, fmt.Errorf("billing: bad period %q", period)
	}
	contracts, err := s.repo.BillableContracts(ctx, period)
	if err != nil {
		return Summary{}, err
	}
	sum := Summary{Period: period}
	var errs []error
	for _, c := range contracts {
		done, err := s.repo.InvoiceExists(ctx, c.ContractID, period)
		if err != nil {
			return sum, err
		}
		if done {
			sum.Skipped++
			continue
		}
		net := c.MonthlyFeeCents + c.ExtraCents
		gross := net + net*s.vatBPS/10000
		err = s.mail.SendInvoice(ctx, mailer.InvoiceEmail{
			To:           c.OwnerEmail,
			OwnerName:    c.OwnerName,
			BuildingName: c.BuildingName,
			Period:       period,
			AmountCents:  gross,
		})
		if err != nil {
			sum.Failed++
			errs = append(errs, fmt.Errorf("contract %s: %w", c.ContractID, err))
			continue
		}
		if err := s.repo.SaveInvoice(ctx, c.ContractID, period, gross); err != nil {
			return sum, err
		}
		sum.Invoiced++
	}
	return sum, errors.Join(errs...)
}
