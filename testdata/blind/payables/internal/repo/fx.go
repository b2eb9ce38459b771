package repo

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/northwind/payables/internal/domain"
	"github.com/northwind/payables/internal/platform/database"
)

// FXRepo persists FX quotes, conversions and reference rates.
type FXRepo interface {
	WithTx(tx *sql.Tx) FXRepo
	SaveQuote(ctx context.Context, q *domain.FXQuote) error
	GetQuote(ctx context.Context, tenantID, id string) (domain.FXQuote, error)
	InsertConversion(ctx context.Context, c *domain.FXConversion) error
	UpsertRate(ctx context.Context, base, quote string, asOf time.Time, rate string) error
}

type fxRepo struct{ base }

// NewFXRepo returns an FXRepo.
func NewFXRepo(db *sql.DB) FXRepo { return &fxRepo{base{db}} }

func (r *fxRepo) WithTx(tx *sql.Tx) FXRepo { return &fxRepo{base{tx}} }

var quoteCols = []string{"id", "tenant_id", "provider_quote_id", "sell_currency", "buy_currency",
	"sell_minor", "buy_minor", "rate::text", "expires_at", "created_at"}

func scanQuote(row interface{ Scan(...any) error }) (domain.FXQuote, error) {
	var q domain.FXQuote
	err := row.Scan(&q.ID, &q.TenantID, &q.ProviderQuoteID, &q.SellCurrency, &q.BuyCurrency,
		&q.SellMinor, &q.BuyMinor, &q.Rate, &q.ExpiresAt, &q.CreatedAt)
	return q, err
}

// SaveQuote stores q keyed by the provider's quote ID. If the provider quote
// is already stored, q is replaced with the stored row.
func (r *fxRepo) SaveQuote(ctx context.Context, q *domain.FXQuote) error {
	err := r.insert("fx_quotes").
		Columns("id", "tenant_id", "provider_quote_id", "sell_currency", "buy_currency",
			"sell_minor", "buy_minor", "rate", "expires_at").
		Values(q.ID, q.TenantID, q.ProviderQuoteID, q.SellCurrency, q.BuyCurrency,
			q.SellMinor, q.BuyMinor, q.Rate, q.ExpiresAt).
		Suffix("ON CONFLICT (provider_quote_id) DO NOTHING RETURNING created_at").
		QueryRowContext(ctx).Scan(&q.CreatedAt)
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	stored, err := scanQuote(r.sel(quoteCols...).From("fx_quotes").
		Where("provider_quote_id = ?", q.ProviderQuoteID).QueryRowContext(ctx))
	if err != nil {
		return err
	}
	*q = stored
	return nil
}

func (r *fxRepo) GetQuote(ctx context.Context, tenantID, id string) (domain.FXQuote, error) {
	q, err := scanQuote(r.sel(quoteCols...).From("fx_quotes").
		Where("tenant_id = ? AND id = ?", tenantID, id).QueryRowContext(ctx))
	return q, database.NotFound(err)
}

func (r *fxRepo) InsertConversion(ctx context.Context, c *domain.FXConversion) error {
	return r.insert("fx_conversions").
		Columns("id", "tenant_id", "quote_id", "provider_conversion_id", "status").
		Values(c.ID, c.TenantID, c.QuoteID, c.ProviderConversionID, c.Status).
		Suffix("RETURNING created_at").
		QueryRowContext(ctx).Scan(&c.CreatedAt)
}

func (r *fxRepo) UpsertRate(ctx context.Context, baseCcy, quoteCcy string, asOf time.Time, rate string) error {
	_, err := r.insert("fx_rates").
		Columns("base_currency", "quote_currency", "as_of", "rate").
		Values(baseCcy, quoteCcy, asOf, rate).
		Suffix("ON CONFLICT (base_currency, quote_currency, as_of) DO UPDATE SET rate = EXCLUDED.rate, fetched_at = now()").
		ExecContext(ctx)
	return err
}
