// Package quotes prices pet insurance and stores bindable quotes.
package quotes

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/pawsure/premiums/internal/db"
	"github.com/pawsure/premiums/internal/ids"
)

type CreateInput struct {
	IdempotencyKey string
	PolicyholderID string
	PetID          string
	PlanCode       string
}

type Service interface {
	Create(ctx context.Context, in CreateInput) (q db.Quote, created bool, err error)
	Get(ctx context.Context, id string) (db.Quote, error)
}

var (
	ErrUnknownPlan = errors.New("quotes: unknown plan")
	ErrPetMismatch = errors.New("quotes: pet does not belong to policyholder")
)

type plan struct {
	baseMonthly int64
	limit       int64
	excess      int64
}

var plans = map[string]plan{
	"accident":  {baseMonthly: 899, limit: 300000, excess: 9900},
	"essential": {baseMonthly: 1899, limit: 400000, excess: 9900},
	"complete":  {baseMonthly: 3199, limit: 1200000, excess: 7500},
	"lifetime":  {baseMonthly: 4799, limit: 1500000, excess: 5000},
}

type service struct {
	store *db.Store
	now   func() time.Time
}

func NewService(store *db.Store) Service {
	return &service{store: store, now: time.Now}
}

func (s *service) Get(ctx context.Context, id string) (db.Quote, error) {
	return s.store.GetQuote(ctx, id)
}

// Create prices the pet and stores the quote. The caller's idempotency key is
// part of the row: a retried request returns the quote created the first time.
func (s *service) Create(ctx context.Context, in CreateInput) (db.Quote, bool, error) {
	p, ok := plans[in.PlanCode]
	if !ok {
		return db.Quote{}, false, ErrUnknownPlan
	}
	pet, err := s.store.GetPet(ctx, in.PetID)
	if err != nil {
		return db.Quote{}, false, fmt.Errorf("load pet: %w", err)
	}
	if pet.PolicyholderID != in.PolicyholderID {
		return db.Quote{}, false, ErrPetMismatch
	}
	now := s.now()
	quote := db.Quote{
		ID:                  ids.New("qt"),
		Reference:           ids.Reference(ids.PrefixQuote, now),
		IdempotencyKey:      in.IdempotencyKey,
		PolicyholderID:      in.PolicyholderID,
		PetID:               in.PetID,
		PlanCode:            in.PlanCode,
		MonthlyPremiumCents: price(p, pet, now),
		AnnualLimitCents:    p.limit,
		ExcessCents:         p.excess,
		Currency:            "gbp",
		ExpiresAt:           now.Add(db.QuoteExpiry),
	}
	created, err := s.store.InsertQuoteOnce(ctx, quote)
	if err != nil {
		return db.Quote{}, false, fmt.Errorf("insert quote: %w", err)
	}
	if !created {
		existing, err := s.store.GetQuoteByIdempotencyKey(ctx, in.IdempotencyKey)
		return existing, false, err
	}
	return quote, true, nil
}

// price applies simple age and breed loadings to the plan's base premium.
func price(p plan, pet db.Pet, now time.Time) int64 {
	ageYears := now.Sub(pet.DateOfBirth).Hours() / (24 * 365)
	loading := 1.0
	switch {
	case ageYears >= 10:
		loading = 2.1
	case ageYears >= 7:
		loading = 1.6
	case ageYears >= 4:
		loading = 1.2
	}
	if pet.Species == "dog" && highRiskBreed(pet.Breed) {
		loading *= 1.35
	}
	if pet.Species == "cat" {
		loading *= 0.8
	}
	return int64(float64(p.baseMonthly) * loading)
}

func highRiskBreed(b string) bool {
	switch strings.ToLower(b) {
	case "french bulldog", "english bulldog", "pug", "dachshund", "cavalier king charles spaniel", "great dane":
		return true
	}
	return false
}
