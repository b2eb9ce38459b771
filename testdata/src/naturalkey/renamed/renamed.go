// Package renamed tests unique violations that a function does not take
// but renames: the retry still fails, unless a caller takes the error
// the violation was renamed to.
package renamed

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgconn"

	"naturalkey/renamed/dberr"
)

var db *sql.DB

// ErrConflict is what the repository returns for a duplicate.
var ErrConflict = errors.New("conflict")

// ErrExists is what the ledger returns for a duplicate; its callers
// take it.
var ErrExists = errors.New("exists")

// mapErr renames a unique violation to ErrConflict.
func mapErr(op string, err error) error {
	if err == nil {
		return nil
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return fmt.Errorf("%s: %w", op, ErrConflict)
	}
	return fmt.Errorf("%s: %w", op, err)
}

// ---- positives ----

// A renamed duplicate fails the retry: nothing takes ErrConflict.
func insertCoupon(ctx context.Context, t *asynq.Task) error {
	_, err := db.ExecContext(ctx, "INSERT INTO coupons (coupon_code, amount) VALUES ($1, $2)", string(t.Payload()), 5) // want `a retry inserts the row for the same coupon_code again`
	return mapErr("coupon", err)
}

// A violation wrapped in a new error fails the retry too.
func insertVoucher(ctx context.Context, t *asynq.Task) error {
	_, err := db.ExecContext(ctx, "INSERT INTO vouchers (voucher_code, amount) VALUES ($1, $2)", string(t.Payload()), 5) // want `a retry inserts the row for the same voucher_code again`
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return fmt.Errorf("voucher exists: %w", err)
	}
	return err
}

// ---- negatives ----

// The violation is let through: code != "23505" fails, the duplicate
// goes on.
func insertPass(ctx context.Context, t *asynq.Task) error {
	_, err := db.ExecContext(ctx, "INSERT INTO passes (pass_code, amount) VALUES ($1, $2)", string(t.Payload()), 5)
	var pgErr *pgconn.PgError
	if err != nil && (!errors.As(err, &pgErr) || pgErr.Code != "23505") {
		return fmt.Errorf("pass: %w", err)
	}
	return nil
}

// The ledger renames the violation to ErrExists, which its callers take.
func insertEntry(ctx context.Context, id string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO entries (entry_id, amount) VALUES ($1, $2)", id, 5)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return ErrExists
	}
	return err
}

func recordEntry(ctx context.Context, t *asynq.Task) error {
	if err := insertEntry(ctx, string(t.Payload())); err != nil && !errors.Is(err, ErrExists) {
		return err
	}
	return nil
}

// ErrTaken is what the reservation store returns for a duplicate.
var ErrTaken = errors.New("taken")

// insertReservation renames the violation to ErrTaken, which code of
// the package only maps to a status: the retry still fails.
func insertReservation(ctx context.Context, t *asynq.Task) error {
	_, err := db.ExecContext(ctx, "INSERT INTO reservations (reservation_code, amount) VALUES ($1, $2)", string(t.Payload()), 5) // want `a retry inserts the row for the same reservation_code again`
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return ErrTaken
	}
	return err
}

// statusOf maps errors to HTTP statuses: a mapping, not a handling.
func statusOf(err error) int {
	if errors.Is(err, ErrTaken) {
		return 409
	}
	return 500
}

// writeError maps errors to a response code without returning.
func writeError(err error) (code int) {
	switch {
	case errors.Is(err, ErrTaken):
		code = 409
	default:
		code = 500
	}
	return code
}

// ErrIssued is what the badge store returns for a duplicate.
var ErrIssued = errors.New("issued")

func insertBadge(ctx context.Context, id string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO badges (badge_code, amount) VALUES ($1, $2)", id, 5)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return ErrIssued
	}
	return err
}

// The handler clears ErrIssued: a badge issued before is the answer.
func issueBadge(ctx context.Context, t *asynq.Task) error {
	err := insertBadge(ctx, string(t.Payload()))
	if errors.Is(err, ErrIssued) {
		err = nil
	}
	return err
}

// ---- a predicate of another package ----

// The duplicate is taken where another package's predicate holds.
func insertMedal(ctx context.Context, t *asynq.Task) error {
	_, err := db.ExecContext(ctx, "INSERT INTO medals (medal_code, amount) VALUES ($1, $2)", string(t.Payload()), 5)
	if dberr.IsUniqueViolation(err) {
		return nil
	}
	return err
}

// An Error is the package's answer to a request it refuses.
type Error struct{ Msg string }

func (e *Error) Error() string { return e.Msg }

// conflict refuses a request that conflicts with stored state.
func conflict(msg string) error { return &Error{Msg: msg} }

// The duplicate is answered with a refusal where another package's
// predicate holds: the retry fails.
func insertPermit(ctx context.Context, t *asynq.Task) error {
	_, err := db.ExecContext(ctx, "INSERT INTO permits (permit_code, amount) VALUES ($1, $2)", string(t.Payload()), 5) // want `a retry inserts the row for the same permit_code again`
	if dberr.IsUniqueViolation(err) {
		return conflict("permit exists")
	}
	return err
}

// The duplicate is answered with another package's refusal: the retry
// fails.
func insertLicence(ctx context.Context, t *asynq.Task) error {
	_, err := db.ExecContext(ctx, "INSERT INTO licences (licence_code, amount) VALUES ($1, $2)", string(t.Payload()), 5) // want `a retry inserts the row for the same licence_code again`
	if dberr.IsUniqueViolation(err) {
		return dberr.Refused("licence exists")
	}
	return err
}
