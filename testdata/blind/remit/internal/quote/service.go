// Package quote prices corridors and locks FX rates for a short window.
package quote

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/google/uuid"

	"github.com/sendhome/remit/ent"
	"github.com/sendhome/remit/internal/domain"
	"github.com/sendhome/remit/internal/platform/ids"
	"github.com/sendhome/remit/internal/store"
)

const (
	quoteTTL    = 10 * time.Minute
	rateLockTTL = 30 * time.Minute
)

type QuoteInput struct {
	CustomerID   string
	Corridor     string
	PayoutMethod string
	SendAmount   int64
	SendCurrency string
}

type Service interface {
	CreateQuote(ctx context.Context, in QuoteInput, idempotencyKey string) (*ent.Quote, error)
	LockRate(ctx context.Context, customerID string, quoteID uuid.UUID) (*ent.RateLock, error)
}

type service struct {
	rates  RateSource
	quotes store.QuoteRepo
	locks  store.RateLockRepo
	now    func() time.Time
}

func NewService(rates RateSource, quotes store.QuoteRepo, locks store.RateLockRepo) Service {
	return &service{rates: rates, quotes: quotes, locks: locks, now: time.Now}
}

func (s *service) CreateQuote(ctx context.Context, in QuoteInput, key string) (*ent.Quote, error) {
	if key == "" {
		return nil, domain.Invalidf("idempotency key is required")
	}
	if in.SendAmount <= 0 {
		return nil, domain.Invalidf("send amount must be positive")
	}
	r, err := s.rates.Current(ctx, in.Corridor)
	if errors.Is(err, ErrNoRate) {
		return nil, domain.Preconditionf("corridor %s is not priced", in.Corridor)
	}
	if err != nil {
		return nil, err
	}
	fee := r.FeeFixed + in.SendAmount*r.FeeBps/10_000
	receive := int64(math.Floor(float64(in.SendAmount-fee) * r.Rate))
	if receive <= 0 {
		return nil, domain.Invalidf("amount too small for corridor fees")
	}
	q := &ent.Quote{
		ID:              ids.Derive(ids.QuoteNS, in.CustomerID, key),
		CustomerID:      in.CustomerID,
		IdempotencyKey:  key,
		Corridor:        in.Corridor,
		PayoutMethod:    in.PayoutMethod,
		SendAmount:      in.SendAmount,
		SendCurrency:    in.SendCurrency,
		ReceiveAmount:   receive,
		ReceiveCurrency: r.ReceiveCcy,
		Fee:             fee,
		Rate:            r.Rate,
		ExpiresAt:       s.now().Add(quoteTTL),
	}
	return s.quotes.Insert(ctx, q)
}

// LockRate reserves treasury capacity for the quote's amount at the quoted rate.
func (s *service) LockRate(ctx context.Context, customerID string, quoteID uuid.UUID) (*ent.RateLock, error) {
	q, err := s.quotes.Get(ctx, quoteID)
	if err != nil {
		return nil, err
	}
	if q.CustomerID != customerID {
		return nil, fmt.Errorf("quote %s: %w", quoteID, domain.ErrNotFound)
	}
	now := s.now()
	if now.After(q.ExpiresAt) {
		return nil, domain.Preconditionf("quote expired at %s", q.ExpiresAt.Format(time.RFC3339))
	}
	r, err := s.rates.Current(ctx, q.Corridor)
	if err != nil {
		return nil, err
	}
	exposure, err := s.locks.ActiveExposure(ctx, q.Corridor)
	if err != nil {
		return nil, err
	}
	if r.ExposureCap > 0 && exposure+q.SendAmount > r.ExposureCap {
		return nil, domain.Preconditionf("corridor %s is at its FX exposure limit", q.Corridor)
	}
	return s.locks.Create(ctx, &ent.RateLock{
		ID:           ids.Prefixed("rl"),
		QuoteID:      q.ID,
		CustomerID:   customerID,
		Corridor:     q.Corridor,
		Rate:         q.Rate,
		SendAmount:   q.SendAmount,
		SendCurrency: q.SendCurrency,
		ExpiresAt:    now.Add(rateLockTTL),
	})
}
