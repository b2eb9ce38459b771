package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/skyway-air/ancillaries/internal/domain"
)

const emdColumns = `id, order_item_id, client_ref, status, emd_number, attempts, last_error, created_at, updated_at`

type emdRepo struct{ q sqlx.ExtContext }

func (r emdRepo) BeginIssuance(ctx context.Context, i domain.EMDIssuance) (domain.EMDIssuance, error) {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO emd_issuances (id, order_item_id, client_ref, status)
		VALUES (:id, :order_item_id, :client_ref, 'pending')
		ON CONFLICT (order_item_id) DO NOTHING`, i)
	if err != nil {
		return domain.EMDIssuance{}, fmt.Errorf("emd: begin: %w", err)
	}
	return r.GetByItem(ctx, i.OrderItemID)
}

func (r emdRepo) GetByItem(ctx context.Context, itemID string) (domain.EMDIssuance, error) {
	var out domain.EMDIssuance
	err := sqlx.GetContext(ctx, r.q, &out,
		`SELECT `+emdColumns+` FROM emd_issuances WHERE order_item_id = $1`, itemID)
	return out, notFound(err)
}

func (r emdRepo) MarkIssued(ctx context.Context, id, number string) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE emd_issuances SET status = 'issued', emd_number = $2, last_error = NULL, updated_at = now()
		WHERE id = $1`, id, number)
	return err
}

func (r emdRepo) MarkAttemptFailed(ctx context.Context, id, reason string) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE emd_issuances SET attempts = attempts + 1, last_error = $2, updated_at = now()
		WHERE id = $1 AND status = 'pending'`, id, reason)
	return err
}

func (r emdRepo) ListStuck(ctx context.Context, before time.Time, limit int) ([]domain.EMDIssuance, error) {
	var out []domain.EMDIssuance
	err := sqlx.SelectContext(ctx, r.q, &out, `
		SELECT `+emdColumns+` FROM emd_issuances
		WHERE status = 'pending' AND updated_at < $1
		ORDER BY updated_at LIMIT $2`, before, limit)
	return out, err
}

func (r emdRepo) RotateClientRef(ctx context.Context, id, ref string) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE emd_issuances SET client_ref = $2, attempts = attempts + 1, updated_at = now()
		WHERE id = $1 AND status = 'pending'`, id, ref)
	return err
}

func (r emdRepo) SetStatusByNumber(ctx context.Context, number, status string) error {
	_, err := r.q.ExecContext(ctx,
		`UPDATE emd_issuances SET status = $2, updated_at = now() WHERE emd_number = $1`, number, status)
	return err
}

func (r emdRepo) ClaimReissue(ctx context.Context, re domain.EMDReissue) (domain.EMDReissue, error) {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO emd_reissues (order_item_id, revision, client_ref, reason, agent_id, status)
		VALUES (:order_item_id, :revision, :client_ref, :reason, :agent_id, 'pending')
		ON CONFLICT (order_item_id, revision) DO NOTHING`, re)
	if err != nil {
		return domain.EMDReissue{}, fmt.Errorf("emd: claim reissue: %w", err)
	}
	var out domain.EMDReissue
	err = sqlx.GetContext(ctx, r.q, &out, `
		SELECT order_item_id, revision, client_ref, reason, agent_id, status, new_emd_number, created_at
		FROM emd_reissues WHERE order_item_id = $1 AND revision = $2`, re.OrderItemID, re.Revision)
	return out, notFound(err)
}

func (r emdRepo) CompleteReissue(ctx context.Context, itemID string, revision int, number string) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE emd_reissues SET status = 'issued', new_emd_number = $3
		WHERE order_item_id = $1 AND revision = $2`, itemID, revision, number)
	return err
}
