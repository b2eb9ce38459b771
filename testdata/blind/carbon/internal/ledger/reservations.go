package ledger

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/google/uuid"
)

// Reservation is a hold on available credits pending payment.
type Reservation struct {
	ID        uuid.UUID
	Ref       string
	AccountID uuid.UUID
	BatchID   uuid.UUID
	Quantity  int64
	Status    string
}

// Reserve holds qty credits of account under ref. A second call with the same
// ref returns the existing reservation without holding more.
func (l *Ledger) Reserve(ctx context.Context, ref string, account, batch uuid.UUID, qty int64) (Reservation, bool, error) {
	r := Reservation{Ref: ref, AccountID: account, BatchID: batch, Quantity: qty, Status: "held"}
	var created bool
	err := l.InTx(ctx, func(ctx context.Context) error {
		q := l.conn(ctx)
		err := q.QueryRowContext(ctx,
			`INSERT INTO reservations (id, reservation_ref, account_id, batch_id, quantity)
			 VALUES ($1, $2, $3, $4, $5)
			 ON CONFLICT (reservation_ref) DO NOTHING
			 RETURNING id`,
			uuid.New(), ref, account, batch, qty).Scan(&r.ID)
		if errors.Is(err, sql.ErrNoRows) {
			existing, err := l.reservation(ctx, ref)
			if err != nil {
				return err
			}
			r = existing
			return nil
		}
		if err != nil {
			return fmt.Errorf("ledger: reserve: %w", err)
		}
		created = true
		res, err := q.ExecContext(ctx,
			`UPDATE balances SET available = available - $3, reserved = reserved + $3, updated_at = now()
			 WHERE account_id = $1 AND batch_id = $2 AND available >= $3`,
			account, batch, qty)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrInsufficient
		}
		if err := l.entry(ctx, ref, account, batch, BucketAvailable, -qty, "reserve"); err != nil {
			return err
		}
		return l.entry(ctx, ref, account, batch, BucketReserved, qty, "reserve")
	})
	return r, created, err
}

func (l *Ledger) reservation(ctx context.Context, ref string) (Reservation, error) {
	r := Reservation{Ref: ref}
	err := l.conn(ctx).QueryRowContext(ctx,
		`SELECT id, account_id, batch_id, quantity, status FROM reservations WHERE reservation_ref = $1`,
		ref).Scan(&r.ID, &r.AccountID, &r.BatchID, &r.Quantity, &r.Status)
	if errors.Is(err, sql.ErrNoRows) {
		return r, ErrUnknownReservation
	}
	return r, err
}

// Release returns held credits to available. Releasing a reservation that is
// no longer held is a no-op and reports false.
func (l *Ledger) Release(ctx context.Context, ref string) (bool, error) {
	var released bool
	err := l.InTx(ctx, func(ctx context.Context) error {
		var r Reservation
		err := l.conn(ctx).QueryRowContext(ctx,
			`UPDATE reservations SET status = 'released', updated_at = now()
			 WHERE reservation_ref = $1 AND status = 'held'
			 RETURNING account_id, batch_id, quantity`,
			ref).Scan(&r.AccountID, &r.BatchID, &r.Quantity)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("ledger: release: %w", err)
		}
		released = true
		if _, err := l.conn(ctx).ExecContext(ctx,
			`UPDATE balances SET available = available + $3, reserved = reserved - $3, updated_at = now()
			 WHERE account_id = $1 AND batch_id = $2`,
			r.AccountID, r.BatchID, r.Quantity); err != nil {
			return err
		}
		if err := l.entry(ctx, ref, r.AccountID, r.BatchID, BucketReserved, -r.Quantity, "release"); err != nil {
			return err
		}
		return l.entry(ctx, ref, r.AccountID, r.BatchID, BucketAvailable, r.Quantity, "release")
	})
	return released, err
}

// Settle delivers the reserved credits to the buyer's account.
func (l *Ledger) Settle(ctx context.Context, ref string, to uuid.UUID) error {
	return l.InTx(ctx, func(ctx context.Context) error {
		var r Reservation
		err := l.conn(ctx).QueryRowContext(ctx,
			`UPDATE reservations SET status = 'settled', updated_at = now()
			 WHERE reservation_ref = $1 AND status = 'held'
			 RETURNING account_id, batch_id, quantity`,
			ref).Scan(&r.AccountID, &r.BatchID, &r.Quantity)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("ledger: settle: %w", err)
		}
		if _, err := l.conn(ctx).ExecContext(ctx,
			`UPDATE balances SET reserved = reserved - $3, updated_at = now()
			 WHERE account_id = $1 AND batch_id = $2`,
			r.AccountID, r.BatchID, r.Quantity); err != nil {
			return err
		}
		if err := l.entry(ctx, ref, r.AccountID, r.BatchID, BucketReserved, -r.Quantity, "settle"); err != nil {
			return err
		}
		return l.Credit(ctx, ref, to, r.BatchID, r.Quantity)
	})
}
