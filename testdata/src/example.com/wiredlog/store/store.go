// Package store logs the mail sent.
package store

import (
	"context"
	"database/sql"

	"example.com/wiredlog/app"
)

// Log keeps a row per message sent.
type Log struct{ DB *sql.DB }

func (l Log) Sent(ctx context.Context, id, providerID string) error {
	_, err := l.DB.ExecContext(ctx, "INSERT INTO sent_mail (id, provider_id) VALUES ($1, $2)", id, providerID)
	return err
}

// Policy inserts a policy under the ID it is given.
func (l Log) Policy(ctx context.Context, id string) error {
	_, err := l.DB.ExecContext(ctx, "INSERT INTO policies (id) VALUES ($1)", id) // want `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into policies in store.Log.Policy has no conflict handling for the caller-known id \(HTTP handler Service.Register\)`
	return err
}

// Requested records a refund about to be asked for, under a serial ID.
func (l Log) Requested(ctx context.Context, amount int64) (int64, error) {
	var id int64
	err := l.DB.QueryRowContext(ctx, "INSERT INTO refund_requests (amount, status) VALUES ($1, 'requested') RETURNING id", amount).Scan(&id)
	return id, err
}

// Answered stores the provider's answer on the request.
func (l Log) Answered(ctx context.Context, id int64, providerID string) error {
	_, err := l.DB.ExecContext(ctx, "UPDATE refund_requests SET status = 'sent', provider_id = $2 WHERE id = $1", id, providerID)
	return err
}

// Failed marks the request failed, with why.
func (l Log) Failed(ctx context.Context, id int64, why string) error {
	_, err := l.DB.ExecContext(ctx, "UPDATE refund_requests SET status = 'failed', failure = $2, failures = failures + 1 WHERE id = $1", id, why)
	return err
}

// Record logs an entry under its ID.
func (l Log) Record(ctx context.Context, e *app.Entry) error {
	_, err := l.DB.ExecContext(ctx, "INSERT INTO sent_mail (id, provider_id) VALUES ($1, $2)", e.ID, e.ProviderID)
	return err
}
