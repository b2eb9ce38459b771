package store

import (
	"context"

	"github.com/gridwell/utilities/internal/domain"
)

type mandateRepo struct{ q Querier }

const mandateCols = `id, account_id, mandate_ref, iban_last4, status, bank_mandate_id, created_at`

// Upsert stores the mandate keyed by its mandate reference and returns the
// stored row, which is the earlier one if the reference already existed.
func (r *mandateRepo) Upsert(ctx context.Context, m domain.Mandate) (*domain.Mandate, error) {
	if _, err := r.q.NamedExecContext(ctx, `
		INSERT INTO mandates (id, account_id, mandate_ref, iban_last4, status, created_at)
		VALUES (:id, :account_id, :mandate_ref, :iban_last4, :status, :created_at)
		ON DUPLICATE KEY UPDATE id = id`, m); err != nil {
		return nil, err
	}
	var out domain.Mandate
	if err := r.q.GetContext(ctx, &out, `SELECT `+mandateCols+` FROM mandates WHERE mandate_ref = ?`, m.MandateRef); err != nil {
		return nil, notFound(err)
	}
	return &out, nil
}

func (r *mandateRepo) Get(ctx context.Context, id string) (*domain.Mandate, error) {
	var m domain.Mandate
	if err := r.q.GetContext(ctx, &m, `SELECT `+mandateCols+` FROM mandates WHERE id = ?`, id); err != nil {
		return nil, notFound(err)
	}
	return &m, nil
}

func (r *mandateRepo) ActiveForAccount(ctx context.Context, accountID string) (*domain.Mandate, error) {
	var m domain.Mandate
	if err := r.q.GetContext(ctx, &m, `SELECT `+mandateCols+` FROM mandates
		WHERE account_id = ? AND status = 'active' ORDER BY created_at DESC LIMIT 1`, accountID); err != nil {
		return nil, notFound(err)
	}
	return &m, nil
}

func (r *mandateRepo) SetBankMandate(ctx context.Context, id, bankMandateID, status string) error {
	_, err := r.q.ExecContext(ctx, `UPDATE mandates SET bank_mandate_id = ?, status = ? WHERE id = ?`,
		bankMandateID, status, id)
	return err
}

type collectionRepo struct{ q Querier }

const collectionCols = `end_to_end_id, account_id, bill_id, mandate_id, amount_cents, status, attempt, bank_ref, created_at`

func (r *collectionRepo) Insert(ctx context.Context, c domain.Collection) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO dd_collections (end_to_end_id, account_id, bill_id, mandate_id, amount_cents, status, attempt, created_at)
		VALUES (:end_to_end_id, :account_id, :bill_id, :mandate_id, :amount_cents, :status, :attempt, :created_at)`, c)
	return err
}

func (r *collectionRepo) Get(ctx context.Context, endToEndID string) (*domain.Collection, error) {
	var c domain.Collection
	if err := r.q.GetContext(ctx, &c, `SELECT `+collectionCols+` FROM dd_collections WHERE end_to_end_id = ?`, endToEndID); err != nil {
		return nil, notFound(err)
	}
	return &c, nil
}

func (r *collectionRepo) CountForBill(ctx context.Context, billID string) (int, error) {
	var n int
	err := r.q.GetContext(ctx, &n, `SELECT COUNT(*) FROM dd_collections WHERE bill_id = ?`, billID)
	return n, err
}

func (r *collectionRepo) MarkSubmitted(ctx context.Context, endToEndID, bankRef string) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE dd_collections SET status = 'submitted', bank_ref = ? WHERE end_to_end_id = ?`, bankRef, endToEndID)
	return err
}

// MarkSettled moves a submitted collection to settled. It reports false when
// the collection was not in the submitted state (for example already settled).
func (r *collectionRepo) MarkSettled(ctx context.Context, endToEndID, bankRef string) (bool, error) {
	res, err := r.q.ExecContext(ctx, `
		UPDATE dd_collections SET status = 'settled', bank_ref = COALESCE(bank_ref, ?)
		WHERE end_to_end_id = ? AND status = 'submitted'`, bankRef, endToEndID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (r *collectionRepo) MarkReturned(ctx context.Context, endToEndID, reason string) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE dd_collections SET status = 'returned', return_reason = ? WHERE end_to_end_id = ?`, reason, endToEndID)
	return err
}
