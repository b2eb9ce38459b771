package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/shopspring/decimal"
)

// FX persists currency conversion quotes and bookings.
type FX struct{}

const quoteCols = `id, milestone_id, request_id, source_currency, target_currency, source_minor, target_minor,
	rate::text, provider_quote_id, status, expires_at, created_at`

func scanQuote(row pgx.Row) (FxQuote, error) {
	var fq FxQuote
	var rate string
	err := row.Scan(&fq.ID, &fq.MilestoneID, &fq.RequestID, &fq.SourceCurrency, &fq.TargetCurrency, &fq.SourceMinor,
		&fq.TargetMinor, &rate, &fq.ProviderQuoteID, &fq.Status, &fq.ExpiresAt, &fq.CreatedAt)
	if err != nil {
		return fq, err
	}
	fq.Rate, err = decimal.NewFromString(rate)
	return fq, err
}

// QuoteByRequest returns the quote a caller already obtained with requestID.
func (FX) QuoteByRequest(ctx context.Context, q Querier, milestoneID, requestID string) (FxQuote, error) {
	fq, err := scanQuote(q.QueryRow(ctx, `SELECT `+quoteCols+` FROM fx_quotes WHERE milestone_id = $1 AND request_id = $2`, milestoneID, requestID))
	return fq, one("fx.quote_by_request", err)
}

// InsertQuoteIfAbsent stores a quote under (milestone, request id) and
// returns whichever quote is stored.
func (FX) InsertQuoteIfAbsent(ctx context.Context, q Querier, fq FxQuote) (FxQuote, bool, error) {
	got, err := scanQuote(q.QueryRow(ctx, `
		INSERT INTO fx_quotes (id, milestone_id, request_id, source_currency, target_currency, source_minor, target_minor,
		                       rate, provider_quote_id, status, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8::numeric, $9, $10, $11)
		ON CONFLICT (milestone_id, request_id) DO NOTHING
		RETURNING `+quoteCols,
		fq.ID, fq.MilestoneID, fq.RequestID, fq.SourceCurrency, fq.TargetCurrency, fq.SourceMinor, fq.TargetMinor,
		fq.Rate.String(), fq.ProviderQuoteID, fq.Status, fq.ExpiresAt))
	if err == nil {
		return got, true, nil
	}
	if err != pgx.ErrNoRows {
		return FxQuote{}, false, wrap("fx.insert_quote", err)
	}
	got, err = scanQuote(q.QueryRow(ctx, `SELECT `+quoteCols+` FROM fx_quotes WHERE milestone_id = $1 AND request_id = $2`, fq.MilestoneID, fq.RequestID))
	return got, false, one("fx.get_existing_quote", err)
}

func (FX) GetQuote(ctx context.Context, q Querier, id string) (FxQuote, error) {
	fq, err := scanQuote(q.QueryRow(ctx, `SELECT `+quoteCols+` FROM fx_quotes WHERE id = $1`, id))
	return fq, one("fx.get_quote", err)
}

// AcceptQuote marks an open, unexpired quote as accepted.
func (FX) AcceptQuote(ctx context.Context, q Querier, id string, now time.Time) (bool, error) {
	tag, err := q.Exec(ctx, `
		UPDATE fx_quotes SET status = 'accepted'
		WHERE id = $1 AND status = 'open' AND expires_at > $2`, id, now)
	if err != nil {
		return false, wrap("fx.accept_quote", err)
	}
	return tag.RowsAffected() == 1, nil
}

// ExpireQuotes marks open quotes past their expiry as expired.
func (FX) ExpireQuotes(ctx context.Context, q Querier, now time.Time) (int64, error) {
	tag, err := q.Exec(ctx, `UPDATE fx_quotes SET status = 'expired' WHERE status = 'open' AND expires_at <= $1`, now)
	if err != nil {
		return 0, wrap("fx.expire_quotes", err)
	}
	return tag.RowsAffected(), nil
}

func scanConversion(row pgx.Row) (FxConversion, error) {
	var c FxConversion
	err := row.Scan(&c.ID, &c.QuoteID, &c.Status, &c.ProviderConversionID, &c.SettledTargetMinor)
	return c, err
}

const conversionCols = `id, quote_id, status, COALESCE(provider_conversion_id, ''), COALESCE(settled_target_minor, 0)`

// ConversionCreateOrGet stores the pending conversion for a quote, or
// returns the one already stored.
func (FX) ConversionCreateOrGet(ctx context.Context, q Querier, c FxConversion) (FxConversion, bool, error) {
	got, err := scanConversion(q.QueryRow(ctx, `
		INSERT INTO fx_conversions (id, quote_id, status) VALUES ($1, $2, 'pending')
		ON CONFLICT (quote_id) DO NOTHING
		RETURNING `+conversionCols, c.ID, c.QuoteID))
	if err == nil {
		return got, true, nil
	}
	if err != pgx.ErrNoRows {
		return FxConversion{}, false, wrap("fx.create_conversion", err)
	}
	got, err = scanConversion(q.QueryRow(ctx, `SELECT `+conversionCols+` FROM fx_conversions WHERE quote_id = $1`, c.QuoteID))
	return got, false, one("fx.get_conversion", err)
}

// MarkConversionBooked records the provider booking.
func (FX) MarkConversionBooked(ctx context.Context, q Querier, id, providerConversionID string, settledTarget int64) error {
	_, err := q.Exec(ctx, `
		UPDATE fx_conversions
		SET status = 'booked', provider_conversion_id = $2, settled_target_minor = $3, updated_at = now()
		WHERE id = $1 AND status = 'pending'`, id, providerConversionID, settledTarget)
	return wrap("fx.mark_conversion_booked", err)
}
