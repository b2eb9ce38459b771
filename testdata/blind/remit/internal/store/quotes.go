package store

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/sendhome/remit/ent"
	"github.com/sendhome/remit/ent/quote"
	"github.com/sendhome/remit/ent/ratelock"
)

type QuoteRepo interface {
	// Insert stores q unless the caller already has a quote for the same
	// idempotency key; it returns the stored quote in both cases.
	Insert(ctx context.Context, q *ent.Quote) (*ent.Quote, error)
	Get(ctx context.Context, id uuid.UUID) (*ent.Quote, error)
}

type quoteRepo struct{ c *ent.Client }

func NewQuoteRepo(c *ent.Client) QuoteRepo { return &quoteRepo{c: c} }

func (r *quoteRepo) Insert(ctx context.Context, q *ent.Quote) (*ent.Quote, error) {
	err := r.c.Quote.Create().
		SetID(q.ID).
		SetCustomerID(q.CustomerID).
		SetIdempotencyKey(q.IdempotencyKey).
		SetCorridor(q.Corridor).
		SetPayoutMethod(q.PayoutMethod).
		SetSendAmount(q.SendAmount).
		SetSendCurrency(q.SendCurrency).
		SetReceiveAmount(q.ReceiveAmount).
		SetReceiveCurrency(q.ReceiveCurrency).
		SetFee(q.Fee).
		SetRate(q.Rate).
		SetExpiresAt(q.ExpiresAt).
		OnConflictColumns(quote.FieldCustomerID, quote.FieldIdempotencyKey).
		DoNothing().
		Exec(ctx)
	if err != nil && !conflicted(err) {
		return nil, wrap(err, "insert quote")
	}
	stored, err := r.c.Quote.Query().
		Where(quote.CustomerID(q.CustomerID), quote.IdempotencyKey(q.IdempotencyKey)).
		Only(ctx)
	return stored, wrap(err, "load quote")
}

func (r *quoteRepo) Get(ctx context.Context, id uuid.UUID) (*ent.Quote, error) {
	q, err := r.c.Quote.Get(ctx, id)
	return q, wrap(err, "get quote")
}

type RateLockRepo interface {
	Create(ctx context.Context, l *ent.RateLock) (*ent.RateLock, error)
	ActiveExposure(ctx context.Context, corridor string) (int64, error)
	Consume(ctx context.Context, id string, now time.Time) (*ent.RateLock, error)
	Release(ctx context.Context, id string) error
}

type rateLockRepo struct{ c *ent.Client }

func NewRateLockRepo(c *ent.Client) RateLockRepo { return &rateLockRepo{c: c} }

func (r *rateLockRepo) Create(ctx context.Context, l *ent.RateLock) (*ent.RateLock, error) {
	out, err := r.c.RateLock.Create().
		SetID(l.ID).
		SetQuoteID(l.QuoteID).
		SetCustomerID(l.CustomerID).
		SetCorridor(l.Corridor).
		SetRate(l.Rate).
		SetSendAmount(l.SendAmount).
		SetSendCurrency(l.SendCurrency).
		SetExpiresAt(l.ExpiresAt).
		Save(ctx)
	return out, wrap(err, "create rate lock")
}

// ActiveExposure sums the send amounts of unexpired, active locks in a corridor.
func (r *rateLockRepo) ActiveExposure(ctx context.Context, corridor string) (int64, error) {
	var rows []struct {
		Sum int64 `json:"sum"`
	}
	err := r.c.RateLock.Query().
		Where(ratelock.Corridor(corridor), ratelock.StatusEQ(ratelock.StatusActive), ratelock.ExpiresAtGT(time.Now())).
		Aggregate(ent.Sum(ratelock.FieldSendAmount)).
		Scan(ctx, &rows)
	if err != nil {
		return 0, wrap(err, "rate lock exposure")
	}
	if len(rows) == 0 {
		return 0, nil
	}
	return rows[0].Sum, nil
}

// Consume marks an active, unexpired lock as used. It must run inside a tx.
func (r *rateLockRepo) Consume(ctx context.Context, id string, now time.Time) (*ent.RateLock, error) {
	l, err := r.c.RateLock.Query().
		Where(ratelock.ID(id), ratelock.StatusEQ(ratelock.StatusActive), ratelock.ExpiresAtGT(now)).
		ForUpdate().
		Only(ctx)
	if err != nil {
		return nil, wrap(err, "lock rate lock")
	}
	if err := r.c.RateLock.UpdateOne(l).SetStatus(ratelock.StatusConsumed).Exec(ctx); err != nil {
		return nil, wrap(err, "consume rate lock")
	}
	return l, nil
}

func (r *rateLockRepo) Release(ctx context.Context, id string) error {
	_, err := r.c.RateLock.Update().
		Where(ratelock.ID(id), ratelock.StatusIn(ratelock.StatusActive, ratelock.StatusConsumed)).
		SetStatus(ratelock.StatusReleased).
		Save(ctx)
	return wrap(err, "release rate lock")
}
