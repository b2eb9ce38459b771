package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/shelfwise-labs/branchline/internal/domain"
)

type transferRepo struct{ db *sql.DB }

// NewTransferRepository returns the Postgres transfer repository.
func NewTransferRepository(db *sql.DB) TransferRepository { return &transferRepo{db: db} }

const transferColumns = `id, hold_id, item_id, from_branch_id, to_branch_id, status,
	requested_at, shipped_at, received_at`

func scanTransfer(row interface{ Scan(...any) error }) (domain.Transfer, error) {
	var (
		t                 domain.Transfer
		status            string
		shipped, received sql.NullTime
	)
	err := row.Scan(&t.ID, &t.HoldID, &t.ItemID, &t.FromBranchID, &t.ToBranchID, &status,
		&t.RequestedAt, &shipped, &received)
	t.Status = domain.TransferStatus(status)
	t.ShippedAt, t.ReceivedAt = timePtr(shipped), timePtr(received)
	return t, err
}

// Create inserts the transfer for a hold. A hold has at most one transfer;
// if one already exists it is returned with created=false.
func (r *transferRepo) Create(ctx context.Context, tx *sql.Tx, t domain.Transfer) (domain.Transfer, bool, error) {
	res, err := tx.ExecContext(ctx, `
		INSERT INTO transfers (id, hold_id, item_id, from_branch_id, to_branch_id, status, requested_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (hold_id) DO NOTHING`,
		t.ID, t.HoldID, t.ItemID, t.FromBranchID, t.ToBranchID, string(t.Status), t.RequestedAt)
	if err != nil {
		return t, false, fmt.Errorf("insert transfer: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return t, true, nil
	}
	existing, err := scanTransfer(tx.QueryRowContext(ctx,
		`SELECT `+transferColumns+` FROM transfers WHERE hold_id = $1`, t.HoldID))
	if err != nil {
		return t, false, fmt.Errorf("load existing transfer: %w", err)
	}
	return existing, false, nil
}

func (r *transferRepo) Get(ctx context.Context, id string) (domain.Transfer, error) {
	t, err := scanTransfer(r.db.QueryRowContext(ctx,
		`SELECT `+transferColumns+` FROM transfers WHERE id = $1`, id))
	if err != nil {
		return t, notFound(err, "transfer "+id)
	}
	return t, nil
}

func (r *transferRepo) MarkShipped(ctx context.Context, tx *sql.Tx, id string, at time.Time) (bool, error) {
	res, err := tx.ExecContext(ctx, `
		UPDATE transfers SET status = 'shipped', shipped_at = $2
		 WHERE id = $1 AND status = 'requested'`, id, at)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// MarkReceived moves a shipped transfer to received. moved reports whether
// this call made the change.
func (r *transferRepo) MarkReceived(ctx context.Context, tx *sql.Tx, id string, at time.Time) (domain.Transfer, bool, error) {
	t, err := scanTransfer(tx.QueryRowContext(ctx, `
		UPDATE transfers SET status = 'received', received_at = $2
		 WHERE id = $1 AND status = 'shipped'
		RETURNING `+transferColumns, id, at))
	if err == nil {
		return t, true, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return t, false, err
	}
	t, err = scanTransfer(tx.QueryRowContext(ctx,
		`SELECT `+transferColumns+` FROM transfers WHERE id = $1`, id))
	if err != nil {
		return t, false, notFound(err, "transfer "+id)
	}
	return t, false, nil
}

func (r *transferRepo) Cancel(ctx context.Context, tx *sql.Tx, id string, at time.Time) (bool, error) {
	res, err := tx.ExecContext(ctx, `
		UPDATE transfers SET status = 'cancelled', cancelled_at = $2
		 WHERE id = $1 AND status IN ('requested', 'shipped')`, id, at)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

type pickTaskRepo struct{ db *sql.DB }

// NewPickTaskRepository returns the Postgres pull-list repository.
func NewPickTaskRepository(db *sql.DB) PickTaskRepository { return &pickTaskRepo{db: db} }

func (r *pickTaskRepo) Create(ctx context.Context, p domain.PickTask) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO pick_tasks (transfer_id, branch_id, item_id, shelf_location, created_at)
		VALUES ($1, $2, $3, $4, $5)`,
		p.TransferID, p.BranchID, p.ItemID, nullString(p.ShelfLocation), p.CreatedAt)
	if err != nil {
		return fmt.Errorf("insert pick task for transfer %s: %w", p.TransferID, err)
	}
	return nil
}

type inboxRepo struct{ db *sql.DB }

// NewInboxRepository returns the consumer's processed-message store.
func NewInboxRepository(db *sql.DB) InboxRepository { return &inboxRepo{db: db} }

func (r *inboxRepo) Seen(ctx context.Context, messageID string) (bool, error) {
	var exists bool
	err := r.db.QueryRowContext(ctx,
		`SELECT EXISTS (SELECT 1 FROM inbox_messages WHERE message_id = $1)`, messageID).Scan(&exists)
	return exists, err
}

func (r *inboxRepo) MarkSeen(ctx context.Context, messageID, kind string) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO inbox_messages (message_id, kind) VALUES ($1, $2)
		ON CONFLICT (message_id) DO NOTHING`, messageID, kind)
	return err
}

// Claim records the message inside the caller's transaction. It returns
// false when another delivery already claimed it.
func (r *inboxRepo) Claim(ctx context.Context, tx *sql.Tx, messageID, kind string) (bool, error) {
	res, err := tx.ExecContext(ctx, `
		INSERT INTO inbox_messages (message_id, kind) VALUES ($1, $2)
		ON CONFLICT (message_id) DO NOTHING`, messageID, kind)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}
