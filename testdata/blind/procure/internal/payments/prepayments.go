package payments

import (
	"context"
	"fmt"

	"github.com/northmill/procure/internal/bankpay"
	"github.com/northmill/procure/internal/platform/db"
	"github.com/northmill/procure/internal/purchasing"
)

// Prepayments pays the advance share of purchase orders whose supplier
// requires one.
type Prepayments struct {
	svc *Service
	pos *purchasing.Repo
}

// NewPrepayments wires the prepayment flow on top of the payment service.
func NewPrepayments(svc *Service, pos *purchasing.Repo) *Prepayments {
	return &Prepayments{svc: svc, pos: pos}
}

// Pay pays the prepayment for a PO once.
func (pp *Prepayments) Pay(ctx context.Context, poID string) error {
	s := pp.svc
	po, err := pp.pos.Get(ctx, s.store.DB(), poID)
	if err != nil {
		return err
	}
	if po.PrepaymentPct <= 0 || po.Status == purchasing.StatusCancelled {
		return nil
	}
	amount := int64(float64(po.TotalMinor) * po.PrepaymentPct / 100)

	var pre Prepayment
	err = s.store.ExecTx(ctx, func(q db.Querier) error {
		var err error
		pre, err = s.repo.EnsurePrepayment(ctx, q, Prepayment{POID: po.ID, AmountMinor: amount, Currency: po.Currency})
		return err
	})
	if err != nil {
		return err
	}
	if pre.Status == "paid" {
		return nil
	}

	sup, err := s.suppliers.Get(ctx, s.store.DB(), po.SupplierID)
	if err != nil {
		return err
	}
	req := newTransfer("PRE-"+po.Number, sup, s.debtor, bankpay.Amount{Currency: pre.Currency, Minor: pre.AmountMinor},
		withRemittance(fmt.Sprintf("Advance payment %.0f%% on order %s", po.PrepaymentPct, po.Number)),
	)
	bp, err := s.bank.CreatePayment(ctx, req)
	if err != nil {
		return fmt.Errorf("bank: prepayment for %s: %w", po.Number, err)
	}
	return s.repo.MarkPrepaymentPaid(ctx, s.store.DB(), po.ID, bp.ID)
}
