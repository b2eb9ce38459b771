// Package tax requests and applies tax recalculations for invoices.
package tax

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/segmentio/ksuid"

	"github.com/meterly/subs/internal/billing"
	"github.com/meterly/subs/internal/messaging/sqsq"
	"github.com/meterly/subs/internal/platform/ids"
	"github.com/meterly/subs/internal/platform/txn"
	"github.com/meterly/subs/internal/provider/taxpartner"
)

type Partner interface {
	CommitTransaction(ctx context.Context, req taxpartner.TransactionRequest, opts ...taxpartner.RequestOption) (*taxpartner.Transaction, error)
}

type Queue interface {
	Send(ctx context.Context, body any, opts ...sqsq.SendOption) (string, error)
}

// RecalcRequest is the body of a tax-recalculation message.
type RecalcRequest struct {
	InvoiceID   string    `json:"invoice_id"`
	Revision    int       `json:"revision"`
	Reason      string    `json:"reason"`
	RequestedAt time.Time `json:"requested_at"`
}

type Service struct {
	db             *sqlx.DB
	invoices       billing.InvoiceRepository
	customers      billing.CustomerRepository
	calcs          billing.TaxRepository
	partner        Partner
	queue          Queue
	defaultCountry string
	log            *slog.Logger
}

func NewService(db *sqlx.DB, invoices billing.InvoiceRepository, customers billing.CustomerRepository,
	calcs billing.TaxRepository, partner Partner, queue Queue, log *slog.Logger) *Service {
	return &Service{db: db, invoices: invoices, customers: customers, calcs: calcs, partner: partner,
		queue: queue, defaultCountry: "US", log: log.With("service", "tax")}
}

// RequestRecalc queues a recalculation of the invoice's tax as the next
// revision.
func (s *Service) RequestRecalc(ctx context.Context, invoiceID, reason string) (string, int, error) {
	inv, err := s.invoices.Get(ctx, invoiceID)
	if err != nil {
		return "", 0, err
	}
	if inv.Status == billing.InvoicePaid || inv.Status == billing.InvoiceVoid {
		return "", 0, fmt.Errorf("tax: invoice %s is %s: %w", inv.ID, inv.Status, billing.ErrInvalidState)
	}
	revision := 1
	latest, err := s.calcs.Latest(ctx, inv.ID)
	switch {
	case err == nil:
		revision = latest.Revision + 1
	case !errors.Is(err, billing.ErrNotFound):
		return "", 0, err
	}

	dedupID := ksuid.New().String()
	msgID, err := s.queue.Send(ctx, RecalcRequest{
		InvoiceID:   inv.ID,
		Revision:    revision,
		Reason:      reason,
		RequestedAt: time.Now().UTC(),
	}, sqsq.WithGroupID(inv.ID), sqsq.WithDedupID(dedupID))
	if err != nil {
		return "", 0, err
	}
	return msgID, revision, nil
}

// HandleRecalc commits the invoice's taxable amount with the partner and
// stores the resulting tax as the requested revision.
func (s *Service) HandleRecalc(ctx context.Context, req RecalcRequest) error {
	inv, err := s.invoices.Get(ctx, req.InvoiceID)
	if err != nil {
		return err
	}
	if inv.Status == billing.InvoicePaid || inv.Status == billing.InvoiceVoid {
		s.log.InfoContext(ctx, "skipping recalculation for settled invoice", "invoice_id", inv.ID, "status", inv.Status)
		return nil
	}
	cust, err := s.customers.Get(ctx, inv.CustomerID)
	if err != nil {
		return err
	}

	opts := []taxpartner.RequestOption{taxpartner.WithCorrelationID(ids.TraceRef())}
	ptx, err := s.partner.CommitTransaction(ctx, taxpartner.TransactionRequest{
		Reference:  fmt.Sprintf("%s-r%d", inv.ID, req.Revision),
		CustomerID: cust.ID,
		Currency:   inv.Currency,
		Address:    taxpartner.Address{Country: s.defaultCountry},
		Lines: []taxpartner.Line{{
			Reference:   inv.ID,
			AmountCents: inv.SubtotalCents,
			TaxCode:     "txcd_10103001", // SaaS, business use
			Quantity:    1,
		}},
	}, opts...)
	if err != nil {
		return fmt.Errorf("tax: commit %s r%d: %w", inv.ID, req.Revision, err)
	}

	return txn.Do(ctx, s.db, func(tx *sqlx.Tx) error {
		if err := s.calcs.WithTx(tx).Insert(ctx, billing.TaxCalculation{
			InvoiceID:    inv.ID,
			Revision:     req.Revision,
			PartnerTxnID: ptx.ID,
			TaxCents:     ptx.TaxCents,
			Jurisdiction: ptx.Jurisdiction,
		}); err != nil {
			return err
		}
		return s.invoices.WithTx(tx).SetTax(ctx, inv.ID, ptx.TaxCents)
	})
}
