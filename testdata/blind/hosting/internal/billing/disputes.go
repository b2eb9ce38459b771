package billing

import (
	"context"

	"gorm.io/gorm"

	"github.com/nimbusrack/hosting/internal/customers"
)

// DisputeService applies card disputes reported by the payment provider.
type DisputeService struct {
	db        *gorm.DB
	payments  *PaymentRepository
	invoices  *InvoiceRepository
	customers *customers.Repository
	feeCents  int64
}

// NewDisputeService wires a DisputeService.
func NewDisputeService(db *gorm.DB, pay *PaymentRepository, inv *InvoiceRepository, cust *customers.Repository) *DisputeService {
	return &DisputeService{db: db, payments: pay, invoices: inv, customers: cust, feeCents: 1500}
}

// Opened reopens the disputed invoice and charges the dispute fee to the
// customer's balance.
func (s *DisputeService) Opened(ctx context.Context, paymentRef string) error {
	p, err := s.payments.ByProviderRef(ctx, paymentRef)
	if err != nil {
		return err
	}
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := s.invoices.WithTx(tx).SetStatus(ctx, p.InvoiceID, InvoicePastDue); err != nil {
			return err
		}
		return s.customers.WithTx(tx).AdjustBalance(ctx, p.CustomerID, -s.feeCents)
	})
}

// Won returns the dispute fee once the bank rules in our favour.
func (s *DisputeService) Won(ctx context.Context, paymentRef string) error {
	p, err := s.payments.ByProviderRef(ctx, paymentRef)
	if err != nil {
		return err
	}
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := s.invoices.WithTx(tx).SetStatus(ctx, p.InvoiceID, InvoicePaid); err != nil {
			return err
		}
		return s.customers.WithTx(tx).AdjustBalance(ctx, p.CustomerID, s.feeCents)
	})
}
