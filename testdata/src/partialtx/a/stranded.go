package a

import (
	"context"
	"errors"
	"log"
	"net/http"

	"github.com/hibiken/asynq"
)

var errChanged = errors.New("booking was changed")

// A swap cancels the old booking with a compare-and-set that commits on
// its own, then books the new session and records the swap, each
// harmless to repeat. After a failure between them, the retry finds the
// old booking cancelled and stops: the child is left with no session.
func swapBooking(ctx context.Context, t *asynq.Task) error {
	res, err := db.ExecContext(ctx, "UPDATE bookings SET status = 'cancelled' WHERE id = $1 AND status = 'booked'", 1) // want `a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: 3 writes commit separately, not all in the guard's transaction; run them in it \(asynq handler swapBooking\)`
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errChanged
	}
	if _, err := db.ExecContext(ctx, "INSERT INTO bookings (child_id, day) VALUES ($1, $2) ON CONFLICT DO NOTHING", 1, 2); err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "INSERT INTO booking_swaps (from_id) VALUES ($1) ON CONFLICT (from_id) DO NOTHING", 1)
	return err
}

// Negative: the compare-and-set and what follows it commit together.
func swapBookingInTx(ctx context.Context, t *asynq.Task) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, "UPDATE bookings SET status = 'cancelled' WHERE id = $1 AND status = 'booked'", 1)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errChanged
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO booking_swaps (from_id) VALUES ($1) ON CONFLICT (from_id) DO NOTHING", 1); err != nil {
		return err
	}
	return tx.Commit()
}

// Negative: the write past the guard has its failure only logged; no
// retry follows it.
func cancelThenNote(ctx context.Context, t *asynq.Task) error {
	res, err := db.ExecContext(ctx, "UPDATE bookings SET status = 'cancelled' WHERE id = $1 AND status = 'booked'", 1)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	if _, err := db.ExecContext(ctx, "INSERT INTO booking_notes (booking_id) VALUES ($1) ON CONFLICT DO NOTHING", 1); err != nil {
		log.Printf("note: %v", err)
	}
	return nil
}

// Negative: the write before the guard is made again by the retry,
// which then stops at the guard: nothing past it is left undone.
func noteThenCancel(ctx context.Context, t *asynq.Task) error {
	if _, err := db.ExecContext(ctx, "INSERT INTO booking_notes (booking_id) VALUES ($1) ON CONFLICT DO NOTHING", 1); err != nil {
		return err
	}
	res, err := db.ExecContext(ctx, "UPDATE bookings SET status = 'cancelled' WHERE id = $1 AND status = 'booked'", 1)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errChanged
	}
	return nil
}

// Negative: past the guard, the provider is called, and the write after
// the call stores its outcome, which cannot commit before it.
func claimThenCharge(ctx context.Context, t *asynq.Task) error {
	res, err := db.ExecContext(ctx, "UPDATE invoices SET status = 'charging' WHERE id = $1 AND status = 'open'", 1)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	resp, err := http.Post("https://pay.example.com/charges", "application/json", nil)
	if err != nil {
		return err
	}
	resp.Body.Close()
	_, err = db.ExecContext(ctx, "UPDATE invoices SET status = 'paid' WHERE id = $1", 1)
	return err
}

// texter is a client of the program's, whose implementations main
// chooses.
type texter interface {
	Text(ctx context.Context, to, body string) error
}

var sms texter

// Negative: past the claim, a client of the program's sends the text,
// and the write after it stores that it was sent: the outcome of a
// call that may reach a provider.
func claimThenText(ctx context.Context, t *asynq.Task) error {
	res, err := db.ExecContext(ctx, "INSERT INTO sms_outbox (appointment_id) VALUES ($1) ON CONFLICT DO NOTHING", 1)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	if err := sms.Text(ctx, "+100", "see you"); err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "UPDATE sms_outbox SET sent_at = now() WHERE appointment_id = $1", 1)
	return err
}
