// Package quoting prices trips and stores the resulting quotes.
package quoting

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/skyguard-travel/policyhub/internal/models"
	"github.com/skyguard-travel/policyhub/internal/platform/repository"
)

// ErrNotFound is returned when a quote does not exist for the partner.
var ErrNotFound = errors.New("quoting: quote not found")

// QuoteInput is a partner's quote request.
type QuoteInput struct {
	PartnerQuoteRef string
	ProductCode     string
	TravellerName   string
	TravellerEmail  string
	TravellerPhone  string
	TravellerAge    int
	Destination     string
	TripStart       time.Time
	TripEnd         time.Time
	TripCostMinor   int64
	FlightID        string
	DelayCover      bool
	Currency        string
}

// Service creates and reads quotes.
type Service interface {
	CreateQuote(ctx context.Context, partner *models.Partner, in QuoteInput) (*models.Quote, error)
	GetQuote(ctx context.Context, partnerID, quoteID uuid.UUID) (*models.Quote, error)
}

// Option configures the service.
type Option func(*service)

// WithTTL sets how long a quote stays bindable.
func WithTTL(d time.Duration) Option { return func(s *service) { s.ttl = d } }

// WithClock replaces time.Now.
func WithClock(now func() time.Time) Option { return func(s *service) { s.now = now } }

type service struct {
	db     bun.IDB
	quotes *repository.Repository[models.Quote]
	pricer Pricer
	ttl    time.Duration
	now    func() time.Time
}

// NewService returns the quoting service.
func NewService(db bun.IDB, pricer Pricer, opts ...Option) Service {
	s := &service{
		db:     db,
		quotes: repository.New[models.Quote](db),
		pricer: pricer,
		ttl:    72 * time.Hour,
		now:    time.Now,
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

func (s *service) CreateQuote(ctx context.Context, partner *models.Partner, in QuoteInput) (*models.Quote, error) {
	if in.DelayCover && in.FlightID == "" {
		return nil, fmt.Errorf("%w: delay cover needs a flight", ErrNotInsurable)
	}
	if in.Currency == "" {
		in.Currency = partner.Currency
	}
	premium, err := s.pricer.Price(PriceInput{
		ProductCode:   in.ProductCode,
		TravellerAge:  in.TravellerAge,
		Destination:   in.Destination,
		TripStart:     in.TripStart,
		TripEnd:       in.TripEnd,
		TripCostMinor: in.TripCostMinor,
		DelayCover:    in.DelayCover,
		Currency:      in.Currency,
	})
	if err != nil {
		return nil, err
	}

	now := s.now().UTC()
	q := &models.Quote{
		ID:              uuid.New(),
		PartnerID:       partner.ID,
		PartnerQuoteRef: in.PartnerQuoteRef,
		ProductCode:     in.ProductCode,
		TravellerName:   in.TravellerName,
		TravellerEmail:  in.TravellerEmail,
		TravellerPhone:  in.TravellerPhone,
		TravellerAge:    in.TravellerAge,
		Destination:     in.Destination,
		TripStart:       in.TripStart,
		TripEnd:         in.TripEnd,
		TripCostMinor:   in.TripCostMinor,
		FlightID:        in.FlightID,
		DelayCover:      in.DelayCover,
		PremiumMinor:    premium,
		Currency:        in.Currency,
		Status:          models.QuoteQuoted,
		ExpiresAt:       now.Add(s.ttl),
		CreatedAt:       now,
		UpdatedAt:       now,
	}

	// A partner quote reference identifies one offer. Asking again for the
	// same reference returns the quote we already made rather than a new one.
	if _, err := s.db.NewInsert().Model(q).
		On("CONFLICT (partner_id, partner_quote_ref) DO UPDATE").
		Set("updated_at = EXCLUDED.updated_at").
		Returning("*").
		Exec(ctx); err != nil {
		return nil, fmt.Errorf("store quote: %w", err)
	}
	return q, nil
}

func (s *service) GetQuote(ctx context.Context, partnerID, quoteID uuid.UUID) (*models.Quote, error) {
	q, err := s.quotes.Get(ctx, quoteID)
	if errors.Is(err, repository.ErrNotFound) || (err == nil && q.PartnerID != partnerID) {
		return nil, ErrNotFound
	}
	return q, err
}
