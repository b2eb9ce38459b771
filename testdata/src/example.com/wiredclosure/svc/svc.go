// Package svc moves money on the database it is given.
package svc

import (
	"context"
	"database/sql"
)

// DBTX runs statements: the database or a transaction.
type DBTX interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Service holds the database main gives it.
type Service struct{ DB DBTX }

// Refund debits the account and records the refund, each committed on
// its own.
func (s *Service) Refund(ctx context.Context, account string) error {
	if _, err := s.DB.ExecContext(ctx, "UPDATE accounts SET balance = balance - 10 WHERE id = $1", account); err != nil { // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) in svc.Service.Refund is not idempotent \(HTTP handler func literal in refund\)`
		return err
	}
	_, err := s.DB.ExecContext(ctx, "INSERT INTO refunds (account, amount) VALUES ($1, 10)", account)
	return err
}

// Credit credits the account once per notice, checking and marking the
// notice apart from the credit.
func (s *Service) Credit(ctx context.Context, notice string) error {
	var seen bool
	if err := s.DB.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM notice_log WHERE notice_id = $1)", notice).Scan(&seen); err != nil || seen {
		return err
	}
	if _, err := s.DB.ExecContext(ctx, "UPDATE accounts SET balance = balance + 10 WHERE id = $1", notice); err != nil {
		return err
	}
	_, err := s.DB.ExecContext(ctx, "INSERT INTO notice_log (notice_id) VALUES ($1)", notice)
	return err
}
