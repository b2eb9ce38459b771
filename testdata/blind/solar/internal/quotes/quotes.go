// Package quotes prices residential systems and manages the quote lifecycle.
package quotes

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/google/uuid"

	"github.com/sunrail/installs/internal/platform/ids"
)

// Quote statuses.
const (
	StatusDraft    = "draft"
	StatusSent     = "sent"
	StatusAccepted = "accepted"
	StatusExpired  = "expired"
)

// Quote is a priced proposal for one site.
type Quote struct {
	ID           string    `json:"id"`
	CustomerID   uuid.UUID `json:"customer_id"`
	SiteAddress  string    `json:"site_address"`
	Jurisdiction string    `json:"jurisdiction"`
	UtilityCode  string    `json:"utility_code"`
	SystemKW     float64   `json:"system_kw"`
	PanelCount   int       `json:"panel_count"`
	PanelSKU     string    `json:"panel_sku"`
	InverterSKU  string    `json:"inverter_sku"`
	BatteryKWh   float64   `json:"battery_kwh"`
	PriceCents   int64     `json:"price_cents"`
	DepositCents int64     `json:"deposit_cents"`
	Status       string    `json:"status"`
	SalesRep     string    `json:"sales_rep"`
	ExpiresAt    time.Time `json:"expires_at"`
	CreatedAt    time.Time `json:"created_at"`
}

// CreateInput is what a sales rep submits from the design tool.
type CreateInput struct {
	CustomerID   uuid.UUID `json:"customer_id"`
	SiteAddress  string    `json:"site_address"`
	Jurisdiction string    `json:"jurisdiction"`
	UtilityCode  string    `json:"utility_code"`
	PanelCount   int       `json:"panel_count"`
	PanelSKU     string    `json:"panel_sku"`
	PanelWatts   int       `json:"panel_watts"`
	InverterSKU  string    `json:"inverter_sku"`
	BatteryKWh   float64   `json:"battery_kwh"`
	AdderCents   int64     `json:"adder_cents"`
	SalesRep     string    `json:"sales_rep"`
}

// Validate checks the input.
func (in CreateInput) Validate() error {
	switch {
	case in.CustomerID == uuid.Nil:
		return errors.New("customer_id is required")
	case in.SiteAddress == "":
		return errors.New("site_address is required")
	case in.PanelCount <= 0 || in.PanelCount > 120:
		return errors.New("panel_count out of range")
	case in.PanelWatts < 250 || in.PanelWatts > 700:
		return errors.New("panel_watts out of range")
	case in.PanelSKU == "" || in.InverterSKU == "":
		return errors.New("equipment SKUs are required")
	}
	return nil
}

// Store is the persistence the service needs.
type Store interface {
	Insert(ctx context.Context, q Quote) error
	Get(ctx context.Context, id string) (Quote, error)
	ExpireBefore(ctx context.Context, cutoff time.Time) (int64, error)
}

// PriceBook holds the current pricing.
type PriceBook struct {
	CentsPerWatt      int64
	BatteryCentsPerKW int64
	DepositPercent    float64
	DepositCapCents   int64
	Validity          time.Duration
}

// DefaultPriceBook is used until pricing moves to the database.
var DefaultPriceBook = PriceBook{
	CentsPerWatt:      285,
	BatteryCentsPerKW: 95000,
	DepositPercent:    0.10,
	DepositCapCents:   150000,
	Validity:          30 * 24 * time.Hour,
}

// Service implements quote use cases.
type Service struct {
	store Store
	book  PriceBook
	now   func() time.Time
}

// NewService builds a Service.
func NewService(store Store) *Service {
	return &Service{store: store, book: DefaultPriceBook, now: time.Now}
}

// Price computes system size, price and deposit.
func (b PriceBook) Price(in CreateInput) (kw float64, price, deposit int64) {
	watts := int64(in.PanelCount * in.PanelWatts)
	kw = math.Round(float64(watts)/10) / 100
	price = watts*b.CentsPerWatt + int64(in.BatteryKWh*float64(b.BatteryCentsPerKW)) + in.AdderCents
	deposit = int64(float64(price) * b.DepositPercent)
	if deposit > b.DepositCapCents {
		deposit = b.DepositCapCents
	}
	return kw, price, deposit
}

// Create prices and stores a new quote.
func (s *Service) Create(ctx context.Context, in CreateInput) (Quote, error) {
	if err := in.Validate(); err != nil {
		return Quote{}, err
	}
	kw, price, deposit := s.book.Price(in)
	now := s.now().UTC()
	q := Quote{
		ID:           ids.New("qt"),
		CustomerID:   in.CustomerID,
		SiteAddress:  in.SiteAddress,
		Jurisdiction: in.Jurisdiction,
		UtilityCode:  in.UtilityCode,
		SystemKW:     kw,
		PanelCount:   in.PanelCount,
		PanelSKU:     in.PanelSKU,
		InverterSKU:  in.InverterSKU,
		BatteryKWh:   in.BatteryKWh,
		PriceCents:   price,
		DepositCents: deposit,
		Status:       StatusSent,
		SalesRep:     in.SalesRep,
		ExpiresAt:    now.Add(s.book.Validity),
		CreatedAt:    now,
	}
	if err := s.store.Insert(ctx, q); err != nil {
		return Quote{}, fmt.Errorf("insert quote: %w", err)
	}
	return q, nil
}

// Get returns one quote.
func (s *Service) Get(ctx context.Context, id string) (Quote, error) {
	return s.store.Get(ctx, id)
}

// ExpireStale marks sent quotes past their expiry as expired.
func (s *Service) ExpireStale(ctx context.Context) (int64, error) {
	return s.store.ExpireBefore(ctx, s.now().UTC())
}
