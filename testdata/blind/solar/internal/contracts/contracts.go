// Package contracts turns accepted quotes into signed contracts and collects
// the deposit.
package contracts

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
	"github.com/sunrail/installs/internal/quotes"
)

// Contract is a signed installation agreement.
type Contract struct {
	ID                uuid.UUID `json:"id"`
	QuoteID           string    `json:"quote_id"`
	CustomerID        uuid.UUID `json:"customer_id"`
	TotalCents        int64     `json:"total_cents"`
	DepositCents      int64     `json:"deposit_cents"`
	AmountFundedCents int64     `json:"amount_funded_cents"`
	Status            string    `json:"status"`
	SignerName        string    `json:"signer_name"`
	SignerIP          string    `json:"-"`
	EnvelopeRef       string    `json:"envelope_ref"`
	SignedAt          time.Time `json:"signed_at"`
}

// Deposit statuses.
const (
	DepositPending    = "pending"
	DepositProcessing = "processing"
	DepositSucceeded  = "succeeded"
	DepositFailed     = "failed"
)

// Deposit is the intent record for the deposit charge.
type Deposit struct {
	ID              uuid.UUID `json:"id"`
	ContractID      uuid.UUID `json:"contract_id"`
	AmountCents     int64     `json:"amount_cents"`
	Status          string    `json:"status"`
	PaymentIntentID string    `json:"payment_intent_id,omitempty"`
}

// SignInput comes from the e-signature callback relayed by the sales app.
type SignInput struct {
	QuoteID     string `json:"quote_id"`
	SignerName  string `json:"signer_name"`
	SignerIP    string `json:"signer_ip"`
	EnvelopeRef string `json:"envelope_ref"`
}

// QuoteLocker is the part of the quotes repository Sign needs.
type QuoteLocker interface {
	GetForUpdate(ctx context.Context, id string) (quotes.Quote, error)
	MarkAccepted(ctx context.Context, id string) error
}

// Charger creates charges.
type Charger interface {
	Charge(ctx context.Context, req payments.ChargeRequest) (*payments.Charge, error)
}

// CustomerReader loads billing profiles.
type CustomerReader interface {
	Get(ctx context.Context, id uuid.UUID) (customers.Profile, error)
}

// Service implements contract use cases.
type Service struct {
	repo      *Repository
	quotes    QuoteLocker
	customers CustomerReader
	charger   Charger
	events    events.Publisher
	tx        database.TxManager
}

// NewService builds a Service.
func NewService(repo *Repository, q QuoteLocker, c CustomerReader, ch Charger, pub events.Publisher, tx database.TxManager) *Service {
	return &Service{repo: repo, quotes: q, customers: c, charger: ch, events: pub, tx: tx}
}

// Sign records the signature for a quote. The contract is keyed by quote.
func (s *Service) Sign(ctx context.Context, in SignInput) (Contract, error) {
	if in.QuoteID == "" || in.SignerName == "" || in.EnvelopeRef == "" {
		return Contract{}, errors.Join(httpx.ErrBadRequest, errors.New("quote_id, signer_name and envelope_ref are required"))
	}
	var out Contract
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		q, err := s.quotes.GetForUpdate(ctx, in.QuoteID)
		if err != nil {
			return err
		}
		if q.Status == quotes.StatusExpired || q.ExpiresAt.Before(time.Now()) && q.Status != quotes.StatusAccepted {
			return errors.Join(httpx.ErrConflict, errors.New("quote expired"))
		}
		c := Contract{
			ID:           uuid.New(),
			QuoteID:      q.ID,
			CustomerID:   q.CustomerID,
			TotalCents:   q.PriceCents,
			DepositCents: q.DepositCents,
			Status:       "signed",
			SignerName:   in.SignerName,
			SignerIP:     in.SignerIP,
			EnvelopeRef:  in.EnvelopeRef,
			SignedAt:     time.Now().UTC(),
		}
		created, err := s.repo.InsertForQuote(ctx, c)
		if err != nil {
			return err
		}
		if !created {
			out, err = s.repo.GetByQuote(ctx, q.ID)
			return err
		}
		if err := s.quotes.MarkAccepted(ctx, q.ID); err != nil {
			return err
		}
		out = c
		return s.events.Publish(ctx, events.TopicContractSigned, events.ContractSigned{
			ContractID:   c.ID,
			QuoteID:      q.ID,
			CustomerID:   q.CustomerID,
			TotalCents:   q.PriceCents,
			SiteAddress:  q.SiteAddress,
			Jurisdiction: q.Jurisdiction,
			UtilityCode:  q.UtilityCode,
		})
	})
	return out, err
}

// Get returns a contract.
func (s *Service) Get(ctx context.Context, id uuid.UUID) (Contract, error) {
	return s.repo.Get(ctx, id)
}

// ChargeDeposit collects the contract deposit with the customer's saved
// payment method.
func (s *Service) ChargeDeposit(ctx context.Context, contractID uuid.UUID) (Deposit, error) {
	var (
		dep     Deposit
		profile customers.Profile
	)
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		c, err := s.repo.Get(ctx, contractID)
		if err != nil {
			return err
		}
		if c.Status == "cancelled" {
			return errors.Join(httpx.ErrConflict, errors.New("contract cancelled"))
		}
		profile, err = s.customers.Get(ctx, c.CustomerID)
		if err != nil {
			return err
		}
		dep, err = s.repo.EnsureDeposit(ctx, Deposit{
			ID:          uuid.New(),
			ContractID:  c.ID,
			AmountCents: c.DepositCents,
			Status:      DepositPending,
		})
		return err
	})
	if err != nil {
		return Deposit{}, err
	}
	switch dep.Status {
	case DepositProcessing, DepositSucceeded:
		return dep, nil
	}
	if profile.PaymentMethodID == "" {
		return dep, errors.Join(httpx.ErrConflict, errors.New("no payment method on file"))
	}

	charge, err := s.charger.Charge(ctx, payments.ChargeRequest{
		AmountCents:     dep.AmountCents,
		CustomerID:      profile.StripeCustomerID,
		PaymentMethodID: profile.PaymentMethodID,
		Description:     "Solar installation deposit",
		Metadata:        map[string]string{"kind": "deposit", "deposit_id": dep.ID.String(), "contract_id": contractID.String()},
		IdempotencyKey:  "deposit-" + dep.ID.String(),
	})
	if err != nil {
		return dep, fmt.Errorf("charge deposit: %w", err)
	}
	dep.Status = DepositProcessing
	dep.PaymentIntentID = charge.PaymentIntentID
	if err := s.repo.UpdateDeposit(ctx, dep); err != nil {
		return dep, err
	}
	return dep, nil
}
