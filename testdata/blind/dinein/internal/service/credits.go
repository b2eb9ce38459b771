package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/segmentio/ksuid"

	"github.com/dinein/platform/internal/config"
	"github.com/dinein/platform/internal/store"
)

const (
	scopeReferral         = "credits.referral"
	maxSupportCreditCents = 50_00
	creditValidity        = 90 * 24 * time.Hour
)

// SupportCreditInput is an agent's request to credit a customer.
type SupportCreditInput struct {
	AgentID     string
	TicketID    string
	CustomerID  uuid.UUID `json:"customer_id"`
	AmountCents int64     `json:"amount_cents"`
	Note        string    `json:"note"`
}

// ReferralInput is the growth service's request to pay a referral bonus.
type ReferralInput struct {
	IdempotencyKey string
	ReferrerID     uuid.UUID `json:"referrer_id"`
	RefereeID      uuid.UUID `json:"referee_id"`
	Campaign       string    `json:"campaign"`
}

// RedeemResult is the outcome of redeeming a promo code.
type RedeemResult struct {
	PromoCode       string `json:"promo_code"`
	CreditedCents   int64  `json:"credited_cents"`
	BalanceCents    int64  `json:"balance_cents"`
	AlreadyRedeemed bool   `json:"already_redeemed"`
}

// CreditService grants platform credit to customers.
type CreditService interface {
	IssueSupportCredit(ctx context.Context, in SupportCreditInput) (*store.CreditGrant, error)
	RedeemPromo(ctx context.Context, customerID uuid.UUID, code string) (*RedeemResult, error)
	GrantReferralBonus(ctx context.Context, in ReferralInput) (*store.CreditGrant, error)
}

type creditService struct {
	cfg     config.Config
	db      store.DB
	credits store.CreditRepository
	idem    store.IdempotencyRepository
	now     func() time.Time
}

// NewCreditService builds the CreditService.
func NewCreditService(cfg config.Config, db store.DB, credits store.CreditRepository, idem store.IdempotencyRepository) *creditService {
	return &creditService{cfg: cfg, db: db, credits: credits, idem: idem, now: time.Now}
}

func newGrantID() string { return "cg_" + ksuid.New().String() }

func (s *creditService) IssueSupportCredit(ctx context.Context, in SupportCreditInput) (*store.CreditGrant, error) {
	if in.AmountCents <= 0 || in.AmountCents > maxSupportCreditCents {
		return nil, fmt.Errorf("%w: support credit must be between $0.01 and %s", ErrInvalidInput, money(maxSupportCreditCents))
	}
	if in.TicketID == "" || in.AgentID == "" {
		return nil, fmt.Errorf("%w: ticket and agent are required", ErrInvalidInput)
	}
	expires := s.now().Add(creditValidity)
	grant := &store.CreditGrant{
		ID:          newGrantID(),
		CustomerID:  in.CustomerID,
		Source:      "support",
		AmountCents: in.AmountCents,
		Note:        fmt.Sprintf("ticket %s: %s", in.TicketID, in.Note),
		GrantedBy:   in.AgentID,
		ExpiresAt:   &expires,
	}
	err := store.WithTx(ctx, s.db, func(tx pgx.Tx) error {
		if err := s.credits.InsertGrant(ctx, tx, grant); err != nil {
			return err
		}
		_, err := s.credits.AddToWallet(ctx, tx, in.CustomerID, in.AmountCents)
		return err
	})
	if err != nil {
		return nil, err
	}
	return grant, nil
}

func (s *creditService) RedeemPromo(ctx context.Context, customerID uuid.UUID, code string) (*RedeemResult, error) {
	if code == "" {
		return nil, ErrPromoInvalid
	}
	return store.InTx(ctx, s.db, func(tx pgx.Tx) (*RedeemResult, error) {
		p, err := s.credits.PromoByCodeForUpdate(ctx, tx, code)
		if errors.Is(err, store.ErrNotFound) {
			return nil, ErrPromoInvalid
		}
		if err != nil {
			return nil, err
		}
		inserted, err := s.credits.InsertRedemption(ctx, tx, p.ID, customerID)
		if err != nil {
			return nil, err
		}
		if !inserted {
			bal, err := s.credits.WalletBalance(ctx, tx, customerID)
			if err != nil {
				return nil, err
			}
			return &RedeemResult{PromoCode: p.Code, BalanceCents: bal, AlreadyRedeemed: true}, nil
		}
		if !store.PromoUsable(p, s.now()) {
			return nil, ErrPromoInvalid
		}
		if err := s.credits.IncrementRedeemed(ctx, tx, p.ID); err != nil {
			return nil, err
		}
		expires := p.ExpiresAt.Add(creditValidity)
		if _, err := s.credits.InsertGrantOnce(ctx, tx, &store.CreditGrant{
			ID:          fmt.Sprintf("promo:%s:%s", p.ID, customerID),
			CustomerID:  customerID,
			Source:      "promo",
			AmountCents: p.AmountCents,
			Note:        "promo " + p.Code,
			GrantedBy:   "system",
			ExpiresAt:   &expires,
		}); err != nil {
			return nil, err
		}
		bal, err := s.credits.AddToWallet(ctx, tx, customerID, p.AmountCents)
		if err != nil {
			return nil, err
		}
		return &RedeemResult{PromoCode: p.Code, CreditedCents: p.AmountCents, BalanceCents: bal}, nil
	})
}

func (s *creditService) GrantReferralBonus(ctx context.Context, in ReferralInput) (*store.CreditGrant, error) {
	if in.IdempotencyKey == "" {
		return nil, fmt.Errorf("%w: Idempotency-Key header is required", ErrInvalidInput)
	}
	if in.ReferrerID == in.RefereeID {
		return nil, fmt.Errorf("%w: self referral", ErrInvalidInput)
	}
	prev, err := s.idem.Lookup(ctx, s.db, scopeReferral, in.IdempotencyKey)
	switch {
	case err == nil && prev.Completed():
		var g store.CreditGrant
		if err := json.Unmarshal(prev.ResponseBody, &g); err != nil {
			return nil, err
		}
		return &g, nil
	case err != nil && !errors.Is(err, store.ErrNotFound):
		return nil, err
	}

	grant := &store.CreditGrant{
		ID:          newGrantID(),
		CustomerID:  in.ReferrerID,
		Source:      "referral",
		AmountCents: s.cfg.ReferralCents,
		Note:        fmt.Sprintf("referred %s (%s)", in.RefereeID, in.Campaign),
		GrantedBy:   "growth",
	}
	err = store.WithTx(ctx, s.db, func(tx pgx.Tx) error {
		if err := s.credits.InsertGrant(ctx, tx, grant); err != nil {
			return err
		}
		_, err := s.credits.AddToWallet(ctx, tx, in.ReferrerID, grant.AmountCents)
		return err
	})
	if err != nil {
		return nil, err
	}
	if err := s.idem.Remember(ctx, s.db, scopeReferral, in.IdempotencyKey, 201, grant); err != nil {
		return nil, fmt.Errorf("store referral response: %w", err)
	}
	return grant, nil
}
