package repository

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/medbridge-health/clearinghouse/internal/domain"
	"github.com/medbridge-health/clearinghouse/internal/platform/apperr"
)

// DenialRepo persists payer denials.
type DenialRepo struct{}

func NewDenialRepo() *DenialRepo { return &DenialRepo{} }

// Insert writes a denial.
func (r *DenialRepo) Insert(ctx context.Context, q sqlx.ExtContext, d *domain.Denial) error {
	_, err := sqlx.NamedExecContext(ctx, q, `
		INSERT INTO denials (id, claim_id, payer_denial_ref, carc_code, rarc_code, group_code, denied_cents,
			appeal_deadline, received_at)
		VALUES (:id, :claim_id, :payer_denial_ref, :carc_code, :rarc_code, :group_code, :denied_cents,
			:appeal_deadline, :received_at)`, d)
	if err != nil {
		return fmt.Errorf("insert denial: %w", err)
	}
	return nil
}

// Get loads a denial.
func (r *DenialRepo) Get(ctx context.Context, q sqlx.ExtContext, id string) (*domain.Denial, error) {
	var d domain.Denial
	err := sqlx.GetContext(ctx, q, &d, `
		SELECT id, claim_id, payer_denial_ref, carc_code, rarc_code, group_code, denied_cents, appeal_deadline, received_at
		FROM denials WHERE id = $1`, id)
	if err == sql.ErrNoRows {
		return nil, apperr.NotFound("denial %s not found", id)
	}
	if err != nil {
		return nil, fmt.Errorf("get denial: %w", err)
	}
	return &d, nil
}

// WorkItemRepo manages the denial-management work queue.
type WorkItemRepo struct{}

func NewWorkItemRepo() *WorkItemRepo { return &WorkItemRepo{} }

// EnqueueIfAbsent adds a work item for the denial unless one exists.
func (r *WorkItemRepo) EnqueueIfAbsent(ctx context.Context, q sqlx.ExtContext, id, denialID, queue string, priority int) (bool, error) {
	res, err := q.ExecContext(ctx, `
		INSERT INTO denial_work_items (id, denial_id, queue, priority, status)
		VALUES ($1,$2,$3,$4,'open')
		ON CONFLICT (denial_id) DO NOTHING`, id, denialID, queue, priority)
	if err != nil {
		return false, fmt.Errorf("enqueue denial work item: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// InfoRequestRepo stores payer requests for additional information.
type InfoRequestRepo struct{}

func NewInfoRequestRepo() *InfoRequestRepo { return &InfoRequestRepo{} }

// InsertIfAbsent stores the request keyed by (claim, payer request ref).
func (r *InfoRequestRepo) InsertIfAbsent(ctx context.Context, q sqlx.ExtContext, ir *domain.InfoRequest) (bool, error) {
	res, err := q.ExecContext(ctx, `
		INSERT INTO info_requests (id, claim_id, payer_request_ref, requested_codes, due_date, status)
		VALUES ($1,$2,$3,$4,$5,$6)
		ON CONFLICT (claim_id, payer_request_ref) DO NOTHING`,
		ir.ID, ir.ClaimID, ir.PayerRequestRef, ir.RequestedCodes, ir.DueDate, ir.Status)
	if err != nil {
		return false, fmt.Errorf("insert info request: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// AppealRepo persists appeals.
type AppealRepo struct{}

func NewAppealRepo() *AppealRepo { return &AppealRepo{} }

const appealColumns = `id, claim_id, denial_id, level, reason, status, payer_appeal_ref, filed_by, filed_at, withdrawn_at`

// Insert writes a new appeal.
func (r *AppealRepo) Insert(ctx context.Context, q sqlx.ExtContext, a *domain.Appeal) error {
	_, err := sqlx.NamedExecContext(ctx, q, `
		INSERT INTO appeals (id, claim_id, denial_id, level, reason, status, filed_by, filed_at)
		VALUES (:id, :claim_id, :denial_id, :level, :reason, :status, :filed_by, :filed_at)`, a)
	if err != nil {
		return fmt.Errorf("insert appeal: %w", err)
	}
	return nil
}

// Get loads an appeal.
func (r *AppealRepo) Get(ctx context.Context, q sqlx.ExtContext, id string) (*domain.Appeal, error) {
	var a domain.Appeal
	err := sqlx.GetContext(ctx, q, &a, `SELECT `+appealColumns+` FROM appeals WHERE id = $1`, id)
	if err == sql.ErrNoRows {
		return nil, apperr.NotFound("appeal %s not found", id)
	}
	if err != nil {
		return nil, fmt.Errorf("get appeal: %w", err)
	}
	return &a, nil
}

// CountForDenial returns how many appeals have been filed on a denial.
func (r *AppealRepo) CountForDenial(ctx context.Context, q sqlx.ExtContext, denialID string) (int, error) {
	var n int
	err := sqlx.GetContext(ctx, q, &n, `
		SELECT count(*) FROM appeals WHERE denial_id = $1 AND status <> 'withdrawn'`, denialID)
	return n, err
}

// SetFiled stores the payer's appeal reference.
func (r *AppealRepo) SetFiled(ctx context.Context, q sqlx.ExtContext, id, payerRef string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE appeals SET status = 'filed', payer_appeal_ref = $2 WHERE id = $1`, id, payerRef)
	return err
}

// Withdraw moves a filed appeal to withdrawn. It reports whether the row changed.
func (r *AppealRepo) Withdraw(ctx context.Context, q sqlx.ExtContext, id string, at time.Time) (bool, error) {
	res, err := q.ExecContext(ctx, `
		UPDATE appeals SET status = 'withdrawn', withdrawn_at = $2
		WHERE id = $1 AND status = 'filed'`, id, at)
	if err != nil {
		return false, fmt.Errorf("withdraw appeal: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
