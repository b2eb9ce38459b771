package payments

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/northmill/procure/internal/bankpay"
	"github.com/northmill/procure/internal/invoicing"
	"github.com/northmill/procure/internal/platform/config"
	"github.com/northmill/procure/internal/platform/db"
	"github.com/northmill/procure/internal/platform/ids"
	"github.com/northmill/procure/internal/suppliers"
	"github.com/northmill/procure/internal/tasks"
)

// Bank is the part of the bank API the service uses.
type Bank interface {
	CreatePayment(ctx context.Context, req bankpay.PaymentRequest) (bankpay.Payment, error)
}

// Service schedules and executes supplier payments.
type Service struct {
	store     *db.Store
	repo      *Repo
	invoices  *invoicing.Repo
	suppliers *suppliers.Repo
	jobs      tasks.Enqueuer
	bank      Bank
	debtor    string
	log       *slog.Logger
	now       func() time.Time
}

// NewService wires the service.
func NewService(cfg config.Config, store *db.Store, repo *Repo, inv *invoicing.Repo, sup *suppliers.Repo,
	jobs tasks.Enqueuer, bank Bank, log *slog.Logger) *Service {
	return &Service{
		store: store, repo: repo, invoices: inv, suppliers: sup, jobs: jobs, bank: bank,
		debtor: cfg.BankDebtorAccount, log: log, now: time.Now,
	}
}

// ScheduleTx creates the payment for an approved invoice and the job that
// executes it on the pay date. An invoice has at most one payment.
func (s *Service) ScheduleTx(ctx context.Context, q db.Querier, inv invoicing.Invoice, payOn time.Time, discountMinor int64) (string, error) {
	p := Payment{
		ID:            ids.Payment(),
		InvoiceID:     inv.ID,
		SupplierID:    inv.SupplierID,
		AmountMinor:   inv.OpenMinor - discountMinor,
		DiscountMinor: discountMinor,
		Currency:      inv.Currency,
		ScheduledFor:  payOn,
		Status:        StatusScheduled,
	}
	id, inserted, err := s.repo.InsertIfAbsent(ctx, q, p)
	if err != nil || !inserted {
		return id, err
	}
	runAt := time.Date(payOn.Year(), payOn.Month(), payOn.Day(), 6, 0, 0, 0, time.UTC).AddDate(0, 0, -1)
	if err := s.jobs.EnqueueTx(ctx, q, tasks.ExecutePayment{PaymentID: id}, &river.InsertOpts{
		Queue:       tasks.QueuePayments,
		ScheduledAt: runAt,
	}); err != nil {
		return "", err
	}
	return id, nil
}

// Execute submits a scheduled payment to the bank and records the bank's
// payment ID.
func (s *Service) Execute(ctx context.Context, paymentID string) error {
	p, err := s.repo.Get(ctx, s.store.DB(), paymentID)
	if errors.Is(err, db.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if p.Status != StatusScheduled && p.Status != StatusSubmitting {
		return nil
	}
	if _, err := s.repo.Claim(ctx, s.store.DB(), p.ID, StatusScheduled, StatusSubmitting); err != nil {
		return err
	}
	sup, err := s.suppliers.Get(ctx, s.store.DB(), p.SupplierID)
	if err != nil {
		return err
	}
	inv, err := s.invoices.Get(ctx, s.store.DB(), p.InvoiceID)
	if err != nil {
		return err
	}

	req := newTransfer(p.ID, sup, s.debtor, bankpay.Amount{Currency: p.Currency, Minor: p.AmountMinor},
		withIdempotencyKey(p.ID),
		withRemittance(fmt.Sprintf("Invoice %s", inv.InvoiceNumber)),
		withExecutionDate(p.ScheduledFor.Format("2006-01-02")),
	)
	bp, err := s.bank.CreatePayment(ctx, req)
	if err != nil {
		return fmt.Errorf("bank: create payment %s: %w", p.ID, err)
	}
	return s.repo.MarkSubmitted(ctx, s.store.DB(), p.ID, bp.ID)
}

// SettleEarlyResult is returned by SettleEarly.
type SettleEarlyResult struct {
	Payment       Payment `json:"payment"`
	BankPaymentID string  `json:"bank_payment_id"`
}

// SettleEarly pays an approved invoice today, taking the early-payment
// discount if it is still available.
func (s *Service) SettleEarly(ctx context.Context, invoiceID string) (SettleEarlyResult, error) {
	inv, err := s.invoices.Get(ctx, s.store.DB(), invoiceID)
	if err != nil {
		return SettleEarlyResult{}, err
	}
	p, err := s.repo.ByInvoice(ctx, s.store.DB(), invoiceID)
	if err != nil {
		return SettleEarlyResult{}, fmt.Errorf("invoice %s has no approved payment: %w", inv.InvoiceNumber, err)
	}
	switch p.Status {
	case StatusScheduled, StatusSubmitting:
	case StatusSubmitted, StatusSettled:
		return SettleEarlyResult{Payment: p}, nil
	default:
		return SettleEarlyResult{}, fmt.Errorf("%w: %s", ErrInvalidState, p.Status)
	}

	today := s.now().UTC()
	discount := int64(0)
	if inv.DiscountAvailable(today) {
		discount = inv.DiscountMinor()
	}
	amount := inv.OpenMinor - discount

	err = s.store.ExecTx(ctx, func(q db.Querier) error {
		if err := s.repo.Reprice(ctx, q, p.ID, amount, discount, today.Format("2006-01-02")); err != nil {
			return err
		}
		_, err := s.repo.Claim(ctx, q, p.ID, StatusScheduled, StatusSubmitting)
		return err
	})
	if err != nil {
		return SettleEarlyResult{}, err
	}
	p.AmountMinor, p.DiscountMinor, p.Status = amount, discount, StatusSubmitting

	sup, err := s.suppliers.Get(ctx, s.store.DB(), p.SupplierID)
	if err != nil {
		return SettleEarlyResult{}, err
	}
	req := newTransfer(p.ID, sup, s.debtor, bankpay.Amount{Currency: p.Currency, Minor: amount},
		withIdempotencyKey(uuid.NewString()),
		withRemittance(fmt.Sprintf("Invoice %s less %.2f%% early payment discount", inv.InvoiceNumber, inv.DiscountPct)),
	)
	bp, err := s.bank.CreatePayment(ctx, req)
	if err != nil {
		return SettleEarlyResult{}, fmt.Errorf("bank: create payment %s: %w", p.ID, err)
	}
	if err := s.repo.MarkSubmitted(ctx, s.store.DB(), p.ID, bp.ID); err != nil {
		return SettleEarlyResult{}, err
	}
	p.Status = StatusSubmitted
	return SettleEarlyResult{Payment: p, BankPaymentID: bp.ID}, nil
}
