// Package store keeps events and transfers in PostgreSQL.
package store

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/wiredwebhook/service"
)

// PoolTxRunner runs work in transactions of the pool.
type PoolTxRunner struct {
	Pool *pgxpool.Pool
}

// InTx implements service.TxRunner.
func (r *PoolTxRunner) InTx(ctx context.Context, fn func(tx pgx.Tx) error) error {
	return pgx.BeginTxFunc(ctx, r.Pool, pgx.TxOptions{}, fn)
}

// Events keeps the provider's events.
type Events struct{}

// Record stores an event's ID: false when it was there.
func (Events) Record(ctx context.Context, q service.Querier, id, kind string) (bool, error) {
	tag, err := q.Exec(ctx, "INSERT INTO provider_events (event_id, kind) VALUES ($1, $2) ON CONFLICT (event_id) DO NOTHING", id, kind) // want `a crash between the two commits records the key without its effect, so the retry is skipped and the effect lost: the key commits apart from the effect it guards`
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// Forget removes an event's ID.
func (Events) Forget(ctx context.Context, q service.Querier, id string) error {
	_, err := q.Exec(ctx, "DELETE FROM provider_events WHERE event_id = $1", id)
	return err
}

// LogAttempt appends a delivery to the log.
func (Events) LogAttempt(ctx context.Context, q service.Querier, id string) error {
	_, err := q.Exec(ctx, "INSERT INTO delivery_log (event_id, received_at) VALUES ($1, now())", id)
	return err
}

// Transfers keeps transfers.
type Transfers struct{}

// MarkSettled settles a transfer.
func (Transfers) MarkSettled(ctx context.Context, q service.Querier, transfer string) error {
	_, err := q.Exec(ctx, "UPDATE transfers SET status = 'settled' WHERE id = $1 AND status = 'pending'", transfer)
	return err
}

// Credit credits the transfer's seller.
func (Transfers) Credit(ctx context.Context, q service.Querier, transfer string) error {
	_, err := q.Exec(ctx, "UPDATE balances SET available = available + t.amount FROM transfers t WHERE t.id = $1 AND balances.seller_id = t.seller_id", transfer)
	return err
}

// Hold holds the transfer's payout: false when it was held.
func (Transfers) Hold(ctx context.Context, q service.Querier, transfer, dispute string) (bool, error) {
	tag, err := q.Exec(ctx, "INSERT INTO payout_holds (transfer_id, dispute_id) VALUES ($1, $2) ON CONFLICT (transfer_id) DO NOTHING", transfer, dispute)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}
