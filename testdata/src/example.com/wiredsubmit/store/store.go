// Package store keeps milestones and the submissions of work on them.
package store

import (
	"context"
	"database/sql"
)

// Querier is what the pool and a transaction share.
type Querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Milestone is a milestone of a contract.
type Milestone struct {
	ID     string
	Status string
}

// Submission is a revision of work on a milestone.
type Submission struct {
	ID, MilestoneID, Ref string
}

// DB runs units of work.
type DB struct{ DB *sql.DB }

// WithTx runs fn in a transaction, committed when it returns nil.
func (d *DB) WithTx(ctx context.Context, fn func(q Querier) error) error {
	tx, err := d.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Milestones keeps milestones.
type Milestones struct{}

// GetForUpdate reads a milestone and locks it.
func (Milestones) GetForUpdate(ctx context.Context, q Querier, id string) (Milestone, error) {
	var m Milestone
	err := q.QueryRowContext(ctx, "SELECT id, status FROM submit_milestones WHERE id = $1 FOR UPDATE", id).Scan(&m.ID, &m.Status)
	return m, err
}

// SetStatus sets a milestone's status.
func (Milestones) SetStatus(ctx context.Context, q Querier, id, status string) error {
	_, err := q.ExecContext(ctx, "UPDATE submit_milestones SET status = $2 WHERE id = $1", id, status)
	return err
}

// Submissions keeps submissions.
type Submissions struct{}

// Insert stores a new revision.
func (Submissions) Insert(ctx context.Context, q Querier, s Submission) error {
	_, err := q.ExecContext(ctx, "INSERT INTO submit_submissions (id, milestone_id, ref, status) VALUES ($1, $2, $3, 'pending')", s.ID, s.MilestoneID, s.Ref) // want `a retry inserts the row for the same \(milestone_id, ref\) again, which fails or duplicates it: the INSERT into submit_submissions in store.Submissions.Insert has no conflict handling for the caller-known \(milestone_id, ref\) \(HTTP handler Handler.Submit\)`
	return err
}

// InsertOnce stores a new revision, once per reference.
func (Submissions) InsertOnce(ctx context.Context, q Querier, s Submission) error {
	_, err := q.ExecContext(ctx, "INSERT INTO submit_submissions (id, milestone_id, ref, status) VALUES ($1, $2, $3, 'pending') ON CONFLICT (milestone_id, ref) DO NOTHING", s.ID, s.MilestoneID, s.Ref)
	return err
}

// SupersedePending marks the milestone's earlier revisions superseded.
func (Submissions) SupersedePending(ctx context.Context, q Querier, milestone string) error {
	_, err := q.ExecContext(ctx, "UPDATE submit_submissions SET status = 'superseded' WHERE milestone_id = $1 AND status = 'pending'", milestone)
	return err
}

// Lines keeps the lines of a submission.
type Lines struct{}

// DeleteAll deletes a submission's lines.
func (Lines) DeleteAll(ctx context.Context, q Querier, ref string) error {
	_, err := q.ExecContext(ctx, "DELETE FROM submit_lines WHERE submission_ref = $1", ref)
	return err
}

// Insert adds a line.
func (Lines) Insert(ctx context.Context, q Querier, ref string, no int) error {
	_, err := q.ExecContext(ctx, "INSERT INTO submit_lines (submission_ref, line_no) VALUES ($1, $2)", ref, no) // want `a retry inserts the row for the same \(submission_ref, line_no\) again, which fails or duplicates it: the INSERT into submit_lines in store.Lines.Insert has no conflict handling for the caller-known \(submission_ref, line_no\) \(HTTP handler Handler.AddLine\)`
	return err
}
