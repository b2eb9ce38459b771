// Package invoicing bills the homeowner at project milestones and applies
// Stripe payment events.
package invoicing

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/sunrail/installs/internal/clients/payments"
	"github.com/sunrail/installs/internal/customers"
	"github.com/sunrail/installs/internal/platform/database"
	"github.com/sunrail/installs/internal/platform/events"
	"github.com/sunrail/installs/internal/platform/httpx"
)

// Invoice statuses.
const (
	StatusOpen       = "open"
	StatusProcessing = "processing"
	StatusPaid       = "paid"
	StatusFailed     = "failed"
	StatusWaived     = "waived"
)

// Invoice is a milestone invoice.
type Invoice struct {
	ID              uuid.UUID  `json:"id"`
	ContractID      uuid.UUID  `json:"contract_id"`
	ProjectID       uuid.UUID  `json:"project_id"`
	Milestone       string     `json:"milestone"`
	AmountCents     int64      `json:"amount_cents"`
	Status          string     `json:"status"`
	PaymentIntentID string     `json:"payment_intent_id,omitempty"`
	PaidAt          *time.Time `json:"paid_at,omitempty"`
}

// Attempt is one charge attempt against an invoice.
type Attempt struct {
	ID              uuid.UUID `json:"id"`
	InvoiceID       uuid.UUID `json:"invoice_id"`
	AmountCents     int64     `json:"amount_cents"`
	Status          string    `json:"status"`
	PaymentIntentID string    `json:"payment_intent_id,omitempty"`
}

// Schedule is the share of the balance due at each milestone.
var Schedule = map[string]float64{
	"equipment_delivered": 0.40,
	"pto":                 0.60,
}

// ChargeFunc creates a charge at the payment provider.
type ChargeFunc func(ctx context.Context, req payments.ChargeRequest) (*payments.Charge, error)

// CustomerReader loads billing profiles.
type CustomerReader interface {
	ByContract(ctx context.Context, contractID uuid.UUID) (customers.Profile, error)
}

// KeyClaimer claims client idempotency keys inside a transaction.
type KeyClaimer interface {
	Claim(ctx context.Context, scope, key string, resourceID uuid.UUID) (uuid.UUID, bool, error)
}

// Service implements invoicing use cases.
type Service struct {
	repo      *Repository
	customers CustomerReader
	keys      KeyClaimer
	charge    ChargeFunc
	events    events.Publisher
	tx        database.TxManager
}

// NewService builds a Service.
func NewService(repo *Repository, cust CustomerReader, keys KeyClaimer, gw *payments.Gateway, pub events.Publisher, tx database.TxManager) *Service {
	return &Service{repo: repo, customers: cust, keys: keys, charge: gw.Charge, events: pub, tx: tx}
}

// ChargeMilestone issues the invoice for a milestone and charges the saved
// payment method for cash customers.
func (s *Service) ChargeMilestone(ctx context.Context, evt events.MilestoneReached) error {
	share, ok := Schedule[evt.Milestone]
	if !ok {
		return nil
	}
	bal, err := s.repo.Balance(ctx, evt.ContractID)
	if err != nil {
		return err
	}
	amount := int64(float64(bal.TotalCents-bal.DepositCents) * share)
	amount -= bal.FundedCents
	if amount <= 0 {
		return nil
	}
	inv, err := s.repo.Ensure(ctx, Invoice{
		ID:          uuid.New(),
		ContractID:  evt.ContractID,
		ProjectID:   evt.ProjectID,
		Milestone:   evt.Milestone,
		AmountCents: amount,
		Status:      StatusOpen,
	})
	if err != nil {
		return err
	}
	if inv.Status != StatusOpen {
		return nil
	}
	profile, err := s.customers.ByContract(ctx, evt.ContractID)
	if err != nil {
		return err
	}
	if profile.PaymentMethodID == "" {
		return nil
	}

	ch, err := s.charge(ctx, payments.ChargeRequest{
		AmountCents:     inv.AmountCents,
		CustomerID:      profile.StripeCustomerID,
		PaymentMethodID: profile.PaymentMethodID,
		Description:     fmt.Sprintf("Solar installation: %s milestone", evt.Milestone),
		Metadata:        map[string]string{"kind": "invoice", "invoice_id": inv.ID.String()},
	})
	if err != nil {
		return fmt.Errorf("charge invoice %s: %w", inv.ID, err)
	}
	return s.repo.MarkProcessing(ctx, inv.ID, ch.PaymentIntentID)
}

// ChargeInvoice is the back-office "charge now" action. The caller must send
// an Idempotency-Key.
func (s *Service) ChargeInvoice(ctx context.Context, invoiceID uuid.UUID, idemKey string) (Attempt, error) {
	if idemKey == "" {
		return Attempt{}, errors.Join(httpx.ErrBadRequest, errors.New("Idempotency-Key header is required"))
	}
	var (
		att Attempt
		inv Invoice
	)
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		var err error
		inv, err = s.repo.GetForUpdate(ctx, invoiceID)
		if err != nil {
			return err
		}
		candidate := uuid.New()
		existing, claimed, err := s.keys.Claim(ctx, "invoice-charge:"+invoiceID.String(), idemKey, candidate)
		if err != nil {
			return err
		}
		if !claimed {
			att, err = s.repo.GetAttempt(ctx, existing)
			return err
		}
		if inv.Status == StatusPaid || inv.Status == StatusWaived {
			return errors.Join(httpx.ErrConflict, fmt.Errorf("invoice is %s", inv.Status))
		}
		att = Attempt{ID: candidate, InvoiceID: inv.ID, AmountCents: inv.AmountCents, Status: "pending"}
		return s.repo.InsertAttempt(ctx, att)
	})
	if err != nil {
		return Attempt{}, err
	}
	if att.Status != "pending" {
		return att, nil
	}
	profile, err := s.customers.ByContract(ctx, inv.ContractID)
	if err != nil {
		return att, err
	}
	ch, err := s.charge(ctx, payments.ChargeRequest{
		AmountCents:     att.AmountCents,
		CustomerID:      profile.StripeCustomerID,
		PaymentMethodID: profile.PaymentMethodID,
		Description:     fmt.Sprintf("Solar installation: %s milestone", inv.Milestone),
		Metadata:        map[string]string{"kind": "invoice", "invoice_id": inv.ID.String(), "attempt_id": att.ID.String()},
		IdempotencyKey:  "invoice-attempt-" + att.ID.String(),
	})
	if err != nil {
		_ = s.repo.FinishAttempt(ctx, att.ID, "failed", "")
		return att, fmt.Errorf("charge: %w", err)
	}
	att.Status, att.PaymentIntentID = "submitted", ch.PaymentIntentID
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.repo.FinishAttempt(ctx, att.ID, att.Status, ch.PaymentIntentID); err != nil {
			return err
		}
		return s.repo.MarkProcessing(ctx, inv.ID, ch.PaymentIntentID)
	})
	return att, err
}

// RecordDeposit books the paid deposit as the contract's first invoice.
func (s *Service) RecordDeposit(ctx context.Context, evt events.DepositSucceeded) error {
	return s.repo.InsertPaid(ctx, Invoice{
		ID:              uuid.New(),
		ContractID:      evt.ContractID,
		Milestone:       "deposit",
		AmountCents:     evt.AmountCents,
		Status:          StatusPaid,
		PaymentIntentID: evt.PaymentIntentID,
	})
}

// Get returns an invoice.
func (s *Service) Get(ctx context.Context, id uuid.UUID) (Invoice, error) {
	return s.repo.Get(ctx, id)
}
