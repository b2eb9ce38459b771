// Package subcontractor manages the plow companies the contractor pays:
// registration, bank details and manual ledger adjustments.
package subcontractor

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strings"

	"github.com/google/uuid"

	"github.com/driftline-services/snowplow/internal/domain"
	"github.com/driftline-services/snowplow/internal/provider/bankpay"
	"github.com/driftline-services/snowplow/internal/repository"
	"github.com/driftline-services/snowplow/internal/service/ports"
)

// Repository stores subcontractors.
type Repository interface {
	Upsert(ctx context.Context, s domain.Subcontractor) (domain.Subcontractor, error)
	Get(ctx context.Context, id uuid.UUID) (domain.Subcontractor, error)
	SetBankRecipient(ctx context.Context, id uuid.UUID, recipientID string) error
}

// Ledger books money movements.
type Ledger interface {
	Append(ctx context.Context, e domain.LedgerEntry) (int64, error)
}

// ResponseStore remembers responses by client idempotency key.
type ResponseStore interface {
	Lookup(ctx context.Context, scope, key string) (repository.StoredResponse, bool, error)
	Save(ctx context.Context, scope, key string, status int, body any) error
}

// Recipients registers bank accounts with the payout partner.
type Recipients interface {
	CreateRecipient(ctx context.Context, req bankpay.RecipientRequest, opts ...bankpay.CallOption) (bankpay.Recipient, error)
}

// Service manages subcontractors.
type Service struct {
	subs       Repository
	ledger     Ledger
	responses  ResponseStore
	recipients Recipients
	tx         ports.TxRunner
	log        *slog.Logger
	maxAdjust  int64
}

// Option configures a Service.
type Option func(*Service)

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(s *Service) { s.log = l } }

// WithAdjustmentLimit caps a single manual adjustment, in cents.
func WithAdjustmentLimit(cents int64) Option { return func(s *Service) { s.maxAdjust = cents } }

// New returns a Service.
func New(subs Repository, ledger Ledger, responses ResponseStore, recipients Recipients, runner ports.TxRunner, opts ...Option) *Service {
	s := &Service{subs: subs, ledger: ledger, responses: responses, recipients: recipients, tx: runner,
		log: slog.Default(), maxAdjust: 500_000}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Registration is the desk's new-subcontractor form.
type Registration struct {
	LegalName         string `json:"legal_name"`
	TaxID             string `json:"tax_id"`
	Phone             string `json:"phone"`
	RatePerRouteCents int64  `json:"rate_per_route_cents"`
}

// Register creates a subcontractor, or refreshes the one with the same tax
// ID.
func (s *Service) Register(ctx context.Context, r Registration) (domain.Subcontractor, error) {
	r.TaxID = strings.ReplaceAll(strings.TrimSpace(r.TaxID), "-", "")
	if r.LegalName == "" || r.TaxID == "" || r.RatePerRouteCents <= 0 {
		return domain.Subcontractor{}, fmt.Errorf("%w: legal_name, tax_id and rate are required", domain.ErrInvalidArgument)
	}
	return s.subs.Upsert(ctx, domain.Subcontractor{
		ID:                uuid.New(),
		LegalName:         r.LegalName,
		TaxID:             r.TaxID,
		Phone:             r.Phone,
		RatePerRouteCents: r.RatePerRouteCents,
	})
}

// BankAccount is the bank-details form.
type BankAccount struct {
	HolderName    string `json:"holder_name"`
	RoutingNumber string `json:"routing_number"`
	AccountNumber string `json:"account_number"`
	AccountType   string `json:"account_type"`
}

// LinkBankAccount registers the subcontractor's account with the payout
// partner and stores the recipient ID payouts are sent to.
func (s *Service) LinkBankAccount(ctx context.Context, id uuid.UUID, acct BankAccount) (bankpay.Recipient, error) {
	sub, err := s.subs.Get(ctx, id)
	if err != nil {
		return bankpay.Recipient{}, err
	}
	if acct.AccountType == "" {
		acct.AccountType = "checking"
	}
	rcpt, err := s.recipients.CreateRecipient(ctx, bankpay.RecipientRequest{
		HolderName:    acct.HolderName,
		RoutingNumber: acct.RoutingNumber,
		AccountNumber: acct.AccountNumber,
		AccountType:   acct.AccountType,
		Metadata:      map[string]string{"subcontractor_id": sub.ID.String(), "tax_id": sub.TaxID},
	})
	if err != nil {
		return bankpay.Recipient{}, fmt.Errorf("create recipient: %w", err)
	}
	if err := s.subs.SetBankRecipient(ctx, sub.ID, rcpt.ID); err != nil {
		return bankpay.Recipient{}, err
	}
	s.log.InfoContext(ctx, "bank account linked", "subcontractor", sub.ID, "recipient", rcpt.ID)
	return rcpt, nil
}

// Adjustment is a manual credit or debit entered by the payroll desk.
type Adjustment struct {
	AmountCents int64  `json:"amount_cents"`
	Memo        string `json:"memo"`
	EnteredBy   string `json:"entered_by"`
}

// AdjustmentResult is returned to the desk.
type AdjustmentResult struct {
	EntryID      uuid.UUID `json:"entry_id"`
	BalanceCents int64     `json:"balance_cents"`
}

const adjustScope = "ledger.adjust"

// Adjust books a manual adjustment. Requests carry an Idempotency-Key; a key
// seen before gets the stored result back.
func (s *Service) Adjust(ctx context.Context, subID uuid.UUID, key string, adj Adjustment) (AdjustmentResult, error) {
	if key == "" {
		return AdjustmentResult{}, fmt.Errorf("%w: Idempotency-Key header is required", domain.ErrInvalidArgument)
	}
	if adj.AmountCents == 0 || adj.AmountCents > s.maxAdjust || adj.AmountCents < -s.maxAdjust {
		return AdjustmentResult{}, fmt.Errorf("%w: amount_cents out of range", domain.ErrInvalidArgument)
	}

	if prev, ok, err := s.responses.Lookup(ctx, adjustScope, key); err != nil {
		return AdjustmentResult{}, err
	} else if ok {
		var res AdjustmentResult
		if err := json.Unmarshal(prev.Body, &res); err != nil {
			return AdjustmentResult{}, err
		}
		return res, nil
	}

	res := AdjustmentResult{EntryID: uuid.New()}
	err := s.tx.Run(ctx, func(ctx context.Context) error {
		if _, err := s.subs.Get(ctx, subID); err != nil {
			return err
		}
		bal, err := s.ledger.Append(ctx, domain.LedgerEntry{
			ID:              res.EntryID,
			SubcontractorID: subID,
			Kind:            "adjustment",
			AmountCents:     adj.AmountCents,
			Memo:            adj.Memo,
			CreatedBy:       adj.EnteredBy,
		})
		res.BalanceCents = bal
		return err
	})
	if err != nil {
		return AdjustmentResult{}, err
	}

	if err := s.responses.Save(ctx, adjustScope, key, http.StatusCreated, res); err != nil {
		s.log.WarnContext(ctx, "save idempotency response", "key", key, "err", err)
	}
	return res, nil
}
