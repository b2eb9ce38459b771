// Package acts holds Temporal activities that a worker of another package
// registers from the table Defs returns: nothing here says they are
// retried.
package acts

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
)

// A Def pairs an activity's name with its function.
type Def struct {
	Name string
	Fn   any
}

// Activities settle payouts.
type Activities struct{ DB *sql.DB }

// Defs is the table the worker registers.
func (a *Activities) Defs() []Def {
	return []Def{
		{Name: "record", Fn: a.RecordPayout},
		{Name: "close", Fn: a.ClosePayout},
		{Name: "ack", Fn: a.RecordAck},
		{Name: "apply", Fn: a.Apply},
		{Name: "reapply", Fn: a.Reapply},
		{Name: "settle", Fn: a.Settle},
		{Name: "inspect", Fn: a.Inspect},
		{Name: "reinspect", Fn: a.Reinspect},
	}
}

// RecordPayout marks the statement paid and moves the balance, each on
// the pool.
func (a *Activities) RecordPayout(ctx context.Context, statementID string, cents int64) error {
	if _, err := a.DB.ExecContext(ctx, "UPDATE payout_statements SET status = 'paid' WHERE id = $1", statementID); err != nil {
		return err
	}
	_, err := a.DB.ExecContext(ctx, "UPDATE organiser_balances SET paid_cents = paid_cents + $2 WHERE statement_id = $1", statementID, cents) // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of organiser_balances \(it computes from the current value\) in acts.Activities.RecordPayout is not idempotent \(Temporal activity Activities.RecordPayout\)`
	return err
}

// ClosePayout does both in one transaction.
func (a *Activities) ClosePayout(ctx context.Context, statementID string, cents int64) error {
	tx, err := a.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "UPDATE payout_statements SET status = 'closed' WHERE id = $1", statementID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "UPDATE organiser_balances SET closed_cents = closed_cents + $2 WHERE statement_id = $1", statementID, cents); err != nil {
		return err
	}
	return tx.Commit()
}

// An Ack is a clearing house's answer to a claim.
type Ack struct{ ControlNumber string }

// AckInput is what the workflow hands RecordAck.
type AckInput struct {
	ClaimID string
	Ack     Ack
}

// RecordAck stores the answer under an ID of its own and the control
// number the clearing house gave it, which the schema keeps unique: a
// retry after the commit fails on it every time.
func (a *Activities) RecordAck(ctx context.Context, in AckInput) error {
	return inTx(ctx, a.DB, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "INSERT INTO acknowledgements (id, claim_id, control_number) VALUES ($1, $2, $3)", newID(), in.ClaimID, in.Ack.ControlNumber) // want `a retry inserts the row for the same control_number again, which fails or duplicates it: the INSERT into acknowledgements in acts.Activities.RecordAck\$1 has no conflict handling for the caller-known control_number \(Temporal activity Activities.RecordAck\)`
		return err
	})
}

func inTx(ctx context.Context, db *sql.DB, fn func(*sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

func newID() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// An Advance is a row of advances.
type Advance struct{ ID string }

// ApplyInput names the allocation to apply to an advance.
type ApplyInput struct{ AdvanceID, AllocationID string }

func (a *Activities) advance(ctx context.Context, id string) (Advance, error) {
	var adv Advance
	err := a.DB.QueryRowContext(ctx, "SELECT id FROM advances WHERE id = $1", id).Scan(&adv.ID)
	return adv, err
}

func (a *Activities) applied(ctx context.Context, advanceID, allocationID string) (bool, error) {
	var n int
	err := a.DB.QueryRowContext(ctx, "SELECT count(*) FROM applications WHERE advance_id = $1 AND allocation_id = $2", advanceID, allocationID).Scan(&n)
	return n > 0, err
}

func (a *Activities) record(ctx context.Context, adv *Advance, in ApplyInput) error {
	_, err := a.DB.ExecContext(ctx, "INSERT INTO applications (advance_id, allocation_id) VALUES ($1, $2)", adv.ID, in.AllocationID) // want `a retry inserts the row for the same allocation_id again, which fails or duplicates it: the INSERT into applications in acts.Activities.record has no conflict handling for the caller-known allocation_id \(Temporal activity Activities.Reapply\)`
	return err
}

// Apply records the application once: a retry after it finds it
// applied, by the advance and the allocation it is then given, and goes
// no further.
func (a *Activities) Apply(ctx context.Context, in ApplyInput) error {
	adv, err := a.advance(ctx, in.AdvanceID)
	if err != nil {
		return err
	}
	done, err := a.applied(ctx, adv.ID, in.AllocationID)
	if err != nil || done {
		return err
	}
	return a.record(ctx, &adv, in)
}

// Reapply records it with no test first.
func (a *Activities) Reapply(ctx context.Context, in ApplyInput) error {
	adv, err := a.advance(ctx, in.AdvanceID)
	if err != nil {
		return err
	}
	return a.record(ctx, &adv, in)
}

// SettleInput is a payment event that settles an allocation.
type SettleInput struct{ EventID, AdvanceID, AllocationID string }

func (a *Activities) seen(ctx context.Context, eventID string) (bool, error) {
	var n int
	err := a.DB.QueryRowContext(ctx, "SELECT count(*) FROM processed_events WHERE id = $1", eventID).Scan(&n)
	return n > 0, err
}

func (a *Activities) apply(ctx context.Context, in SettleInput) error {
	_, err := a.DB.ExecContext(ctx, "INSERT INTO applications (advance_id, allocation_id) VALUES ($1, $2)", in.AdvanceID, in.AllocationID) // want `a retry inserts the row for the same \(advance_id, allocation_id\) again`
	return err
}

func (a *Activities) markSeen(ctx context.Context, eventID string) error {
	_, err := a.DB.ExecContext(ctx, "INSERT INTO processed_events (id) VALUES ($1) ON CONFLICT DO NOTHING", eventID)
	return err
}

// Settle applies the event unless it was seen, then marks it seen: the
// mark, given the event's ID itself, is what the lookup finds, not
// apply, which is given the whole event; a retry between the two
// applies it again.
func (a *Activities) Settle(ctx context.Context, in SettleInput) error {
	done, err := a.seen(ctx, in.EventID) // want `a retry that arrives while the first attempt runs passes the same check and performs the effect twice: the key is checked outside the transaction of the effect`
	if err != nil || done {
		return err
	}
	if err := a.apply(ctx, in); err != nil {
		return err
	}
	return a.markSeen(ctx, in.EventID) // want `a crash between the two commits leaves the effect without its key, so the retry repeats it`
}

// An Inspection is a row of inspections.
type Inspection struct{ ID, AssignmentID string }

// InspectionParams are what createInspection inserts.
type InspectionParams struct{ ID, AssignmentID string }

// A TxFunc runs in a transaction.
type TxFunc func(tx *sql.Tx) error

func runTx(ctx context.Context, db *sql.DB, fn TxFunc) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

func (a *Activities) inspectionOf(ctx context.Context, assignmentID string) (Inspection, error) {
	var i Inspection
	err := a.DB.QueryRowContext(ctx, "SELECT id, assignment_id FROM inspections WHERE assignment_id = $1", assignmentID).Scan(&i.ID, &i.AssignmentID)
	return i, err
}

func (a *Activities) createInspection(ctx context.Context, tx *sql.Tx, p InspectionParams) (Inspection, error) {
	_, err := tx.ExecContext(ctx, "INSERT INTO inspections (id, assignment_id) VALUES ($1, $2)", p.ID, p.AssignmentID) // want `a retry inserts the row for the same assignment_id again, which fails or duplicates it: the INSERT into inspections in acts.Activities.createInspection has no conflict handling for the caller-known assignment_id \(Temporal activity Activities.Reinspect\)`
	return Inspection{ID: p.ID, AssignmentID: p.AssignmentID}, err
}

// InspectInput names the assignment inspected.
type InspectInput struct{ AssignmentID string }

// Inspect records the inspection unless one is there: the lookup
// returns the type createInspection returns, from parameters that hold
// the lookup's key, run in a transaction's callback handed over as a
// TxFunc. A retry after the commit finds the row and leaves.
func (a *Activities) Inspect(ctx context.Context, in InspectInput) error {
	if _, err := a.inspectionOf(ctx, in.AssignmentID); err == nil {
		return nil
	}
	return runTx(ctx, a.DB, func(tx *sql.Tx) error {
		_, err := a.createInspection(ctx, tx, InspectionParams{ID: newID(), AssignmentID: in.AssignmentID})
		return err
	})
}

// Reinspect records it with no lookup first.
func (a *Activities) Reinspect(ctx context.Context, in InspectInput) error {
	return runTx(ctx, a.DB, func(tx *sql.Tx) error {
		_, err := a.createInspection(ctx, tx, InspectionParams{ID: newID(), AssignmentID: in.AssignmentID})
		return err
	})
}
