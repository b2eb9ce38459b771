// Package fx implements FX quotes and conversions through the bank partner.
package fx

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/northwind/payables/internal/domain"
	"github.com/northwind/payables/internal/platform/database"
	"github.com/northwind/payables/internal/platform/httpx"
	"github.com/northwind/payables/internal/platform/ids"
	"github.com/northwind/payables/internal/provider/bank"
	"github.com/northwind/payables/internal/repo"
)

// QuoteInput asks for a conversion quote.
type QuoteInput struct {
	TenantID     string
	SellCurrency string
	BuyCurrency  string
	BuyMinor     int64
}

// Service is the FX API.
type Service interface {
	Quote(ctx context.Context, in QuoteInput) (domain.FXQuote, error)
	Convert(ctx context.Context, tenantID, quoteID string) (domain.FXConversion, error)
	RefreshRates(ctx context.Context, asOf time.Time) (int, error)
}

type service struct {
	log           *slog.Logger
	fx            repo.FXRepo
	bank          bank.API
	sourceAccount string
	bases         []string
}

// New returns the FX Service.
func New(log *slog.Logger, fx repo.FXRepo, bankAPI bank.API, sourceAccount string) Service {
	return &service{log: log, fx: fx, bank: bankAPI, sourceAccount: sourceAccount, bases: []string{"EUR", "USD", "GBP"}}
}

func (s *service) Quote(ctx context.Context, in QuoteInput) (domain.FXQuote, error) {
	if in.BuyMinor <= 0 {
		return domain.FXQuote{}, httpx.BadRequest("buy amount must be positive")
	}
	reqID := httpx.RequestIDFrom(ctx)
	if reqID == "" {
		reqID = ids.NewULID()
	}
	pq, err := s.bank.GetQuote(ctx, bank.QuoteRequest{
		SellCurrency: strings.ToUpper(in.SellCurrency),
		BuyCurrency:  strings.ToUpper(in.BuyCurrency),
		BuyMinor:     in.BuyMinor,
	}, bank.WithCorrelationID(reqID))
	if err != nil {
		return domain.FXQuote{}, fmt.Errorf("request quote: %w", err)
	}
	q := domain.FXQuote{
		ID:              ids.DeriveString("fx-quote", pq.ID),
		TenantID:        in.TenantID,
		ProviderQuoteID: pq.ID,
		SellCurrency:    strings.ToUpper(in.SellCurrency),
		BuyCurrency:     strings.ToUpper(in.BuyCurrency),
		SellMinor:       pq.SellMinor,
		BuyMinor:        pq.BuyMinor,
		Rate:            pq.Rate,
		ExpiresAt:       pq.ExpiresAt,
	}
	if err := s.fx.SaveQuote(ctx, &q); err != nil {
		return domain.FXQuote{}, fmt.Errorf("save quote: %w", err)
	}
	s.log.InfoContext(ctx, "fx quote", "request_id", reqID, "quote_id", q.ID, "rate", q.Rate)
	return q, nil
}

// Convert books the conversion for a previously obtained quote.
func (s *service) Convert(ctx context.Context, tenantID, quoteID string) (domain.FXConversion, error) {
	q, err := s.fx.GetQuote(ctx, tenantID, quoteID)
	if errors.Is(err, database.ErrNotFound) {
		return domain.FXConversion{}, httpx.NotFound("quote %s", quoteID)
	}
	if err != nil {
		return domain.FXConversion{}, err
	}
	if time.Now().After(q.ExpiresAt) {
		return domain.FXConversion{}, httpx.Unprocessable("quote %s expired at %s", q.ID, q.ExpiresAt.Format(time.RFC3339))
	}
	booked, err := s.bank.BookConversion(ctx, bank.ConversionRequest{
		QuoteID:       q.ProviderQuoteID,
		SourceAccount: s.sourceAccount,
		Reference:     q.ID,
	}, bank.WithCorrelationID(httpx.RequestIDFrom(ctx)))
	if err != nil {
		return domain.FXConversion{}, fmt.Errorf("book conversion: %w", err)
	}
	conv := domain.FXConversion{
		ID:                   ids.NewUUID().String(),
		TenantID:             tenantID,
		QuoteID:              q.ID,
		ProviderConversionID: booked.ID,
		Status:               booked.Status,
	}
	if err := s.fx.InsertConversion(ctx, &conv); err != nil {
		return domain.FXConversion{}, fmt.Errorf("save conversion %s: %w", booked.ID, err)
	}
	return conv, nil
}

// RefreshRates stores today's reference rates; re-running it overwrites
// the same (pair, date) rows.
func (s *service) RefreshRates(ctx context.Context, asOf time.Time) (int, error) {
	day := time.Date(asOf.Year(), asOf.Month(), asOf.Day(), 0, 0, 0, 0, time.UTC)
	n := 0
	for _, base := range s.bases {
		rates, err := s.bank.ReferenceRates(ctx, base)
		if err != nil {
			return n, fmt.Errorf("rates for %s: %w", base, err)
		}
		for quote, rate := range rates.Rates {
			if err := s.fx.UpsertRate(ctx, base, quote, day, rate); err != nil {
				return n, err
			}
			n++
		}
	}
	return n, nil
}
