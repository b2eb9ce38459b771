package mysqlstore

import (
	"context"

	"github.com/shedshare/toolsd/internal/domain"
)

type memberRepo struct{ q querier }

const memberCols = `id, home_branch_id, email, phone_e164, full_name, card_customer_ref,
	card_payment_ref, sms_opt_out, status, created_at, updated_at`

func (r memberRepo) InsertIfAbsent(ctx context.Context, m *domain.Member) (bool, error) {
	return affected(r.q.NamedExecContext(ctx, `
		INSERT IGNORE INTO members (`+memberCols+`)
		VALUES (:id, :home_branch_id, :email, :phone_e164, :full_name, :card_customer_ref,
			:card_payment_ref, :sms_opt_out, :status, :created_at, :updated_at)`, m))
}

func (r memberRepo) Get(ctx context.Context, id string) (*domain.Member, error) {
	var m domain.Member
	err := r.q.GetContext(ctx, &m, `SELECT `+memberCols+` FROM members WHERE id = ?`, id)
	if err != nil {
		return nil, notFound(err, "member "+id)
	}
	return &m, nil
}

func (r memberRepo) GetByEmail(ctx context.Context, email string) (*domain.Member, error) {
	var m domain.Member
	err := r.q.GetContext(ctx, &m, `SELECT `+memberCols+` FROM members WHERE email = ?`, email)
	if err != nil {
		return nil, notFound(err, "member by email")
	}
	return &m, nil
}

func (r memberRepo) GetBranch(ctx context.Context, id string) (*domain.Branch, error) {
	var b domain.Branch
	err := r.q.GetContext(ctx, &b, `SELECT id, name, timezone, sms_sender, created_at FROM branches WHERE id = ?`, id)
	if err != nil {
		return nil, notFound(err, "branch "+id)
	}
	return &b, nil
}
