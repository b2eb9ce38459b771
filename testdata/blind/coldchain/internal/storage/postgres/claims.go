package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/frostline/coldchain/internal/claims"
	"github.com/frostline/coldchain/internal/db"
	"github.com/frostline/coldchain/internal/platform"
)

// ClaimsRepo backs the claims service.
type ClaimsRepo struct {
	*ShipmentRepo
	pool   *pgxpool.Pool
	q      *db.Queries
	claims *platform.Store[db.Claim]
}

func NewClaimsRepo(pool *pgxpool.Pool, shipments *ShipmentRepo) *ClaimsRepo {
	return &ClaimsRepo{
		ShipmentRepo: shipments,
		pool:         pool,
		q:            db.New(pool),
		claims:       platform.NewStore(pool, "claims", "id", db.ClaimColumns, db.ScanClaim),
	}
}

func (r *ClaimsRepo) GetClaim(ctx context.Context, id string) (db.Claim, error) {
	return r.claims.Get(ctx, id)
}

func (r *ClaimsRepo) SucceededPaymentForShipment(ctx context.Context, shipmentID string) (db.Payment, error) {
	return r.q.GetSucceededPaymentForShipment(ctx, shipmentID)
}

// RecordRefund stores the Stripe refund and moves the claim to
// refund_pending together.
func (r *ClaimsRepo) RecordRefund(ctx context.Context, rf db.ClaimRefund) error {
	return pgx.BeginFunc(ctx, r.pool, func(tx pgx.Tx) error {
		q := r.q.WithTx(tx)
		if err := q.InsertClaimRefund(ctx, rf); err != nil {
			return err
		}
		moved, err := q.TransitionClaim(ctx, db.TransitionClaimParams{ID: rf.ClaimID, From: "approved", To: "refund_pending"})
		if err != nil {
			return err
		}
		if !moved {
			return errors.New("claim left approved state while refunding")
		}
		return nil
	})
}

func (r *ClaimsRepo) InTx(ctx context.Context, fn func(claims.TxRepository) error) error {
	return pgx.BeginFunc(ctx, r.pool, func(tx pgx.Tx) error {
		return fn(&claimsTx{
			tx:     tx,
			q:      r.q.WithTx(tx),
			claims: r.claims.WithTx(tx),
		})
	})
}

type claimsTx struct {
	tx     pgx.Tx
	q      *db.Queries
	claims *platform.Store[db.Claim]
}

func (t *claimsTx) Tx() pgx.Tx { return t.tx }

func (t *claimsTx) ClaimIdempotencyKey(ctx context.Context, scope, key string) (bool, error) {
	return t.q.ClaimIdempotencyKey(ctx, scope, key)
}

func (t *claimsTx) IdempotencyResource(ctx context.Context, scope, key string) (string, error) {
	k, err := t.q.GetIdempotencyKey(ctx, scope, key)
	if err != nil {
		return "", err
	}
	if k.ResourceID == nil {
		return "", db.ErrNoRows
	}
	return *k.ResourceID, nil
}

func (t *claimsTx) SetIdempotencyResource(ctx context.Context, scope, key, resourceID string) error {
	return t.q.SaveIdempotencyKey(ctx, scope, key, resourceID)
}

func (t *claimsTx) InsertClaim(ctx context.Context, arg db.InsertClaimParams) (db.Claim, error) {
	return t.q.InsertClaim(ctx, arg)
}

func (t *claimsTx) GetClaim(ctx context.Context, id string) (db.Claim, error) {
	return t.claims.Get(ctx, id)
}

func (t *claimsTx) TransitionClaim(ctx context.Context, arg db.TransitionClaimParams) (bool, error) {
	return t.q.TransitionClaim(ctx, arg)
}

func (t *claimsTx) RecordStripeEvent(ctx context.Context, eventID, eventType string) (bool, error) {
	return t.q.InsertStripeEvent(ctx, eventID, eventType)
}

func (t *claimsTx) ClaimRefundByStripeID(ctx context.Context, stripeRefundID string) (db.ClaimRefund, error) {
	return t.q.GetClaimRefundByStripeID(ctx, stripeRefundID)
}

func (t *claimsTx) InsertLedgerEntry(ctx context.Context, e db.LedgerEntry) error {
	return t.q.InsertLedgerEntry(ctx, e)
}
