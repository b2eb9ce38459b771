// Package postgres implements the repository interfaces on Postgres via sqlx.
package postgres

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/kerfhall/makerspace/internal/domain"
	"github.com/kerfhall/makerspace/internal/platform/dbx"
	"github.com/kerfhall/makerspace/internal/platform/httpx"
)

func notFound(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%s: %w", what, domain.ErrNotFound)
	}
	return err
}

// MemberRepo implements repository.MemberRepository.
type MemberRepo struct{ db *sqlx.DB }

func NewMemberRepo(db *sqlx.DB) *MemberRepo { return &MemberRepo{db: db} }

const memberColumns = `id, email, full_name, phone, plan, status, monthly_dues_cents,
	processor_customer_id, default_payment_method, door_credential_id, created_at, updated_at`

func (r *MemberRepo) Create(ctx context.Context, m *domain.Member) error {
	_, err := dbx.Conn(ctx, r.db).NamedExecContext(ctx, `
		INSERT INTO members (id, email, full_name, phone, plan, status, monthly_dues_cents,
			processor_customer_id, default_payment_method, created_at, updated_at)
		VALUES (:id, :email, :full_name, :phone, :plan, :status, :monthly_dues_cents,
			:processor_customer_id, :default_payment_method, :created_at, :updated_at)`, m)
	if dbx.IsUniqueViolation(err, "members_email_key") {
		return fmt.Errorf("email %s already registered: %w", m.Email, domain.ErrConflict)
	}
	return err
}

func (r *MemberRepo) Get(ctx context.Context, id string) (*domain.Member, error) {
	var m domain.Member
	err := dbx.Conn(ctx, r.db).GetContext(ctx, &m, `SELECT `+memberColumns+` FROM members WHERE id = $1`, id)
	if err != nil {
		return nil, notFound(err, "member "+id)
	}
	return &m, nil
}

func (r *MemberRepo) GetForUpdate(ctx context.Context, id string) (*domain.Member, error) {
	var m domain.Member
	err := dbx.Conn(ctx, r.db).GetContext(ctx, &m, `SELECT `+memberColumns+` FROM members WHERE id = $1 FOR UPDATE`, id)
	if err != nil {
		return nil, notFound(err, "member "+id)
	}
	return &m, nil
}

func (r *MemberRepo) UpdateProfile(ctx context.Context, id string, p domain.ProfileUpdate, now time.Time) (*domain.Member, error) {
	var m domain.Member
	err := dbx.Conn(ctx, r.db).GetContext(ctx, &m, `
		UPDATE members
		   SET full_name = $2, phone = $3, plan = $4, updated_at = $5
		 WHERE id = $1
		RETURNING `+memberColumns, id, p.FullName, p.Phone, p.Plan, now)
	if err != nil {
		return nil, notFound(err, "member "+id)
	}
	return &m, nil
}

func (r *MemberRepo) SetStatus(ctx context.Context, id string, status domain.MemberStatus, now time.Time) error {
	res, err := dbx.Conn(ctx, r.db).ExecContext(ctx,
		`UPDATE members SET status = $2, updated_at = $3 WHERE id = $1`, id, status, now)
	if err != nil {
		return err
	}
	if dbx.RowsAffected(res) == 0 {
		return fmt.Errorf("member %s: %w", id, domain.ErrNotFound)
	}
	return nil
}

// AccountRepo implements repository.AccountRepository.
type AccountRepo struct{ db *sqlx.DB }

func NewAccountRepo(db *sqlx.DB) *AccountRepo { return &AccountRepo{db: db} }

func (r *AccountRepo) Open(ctx context.Context, memberID string) error {
	_, err := dbx.Conn(ctx, r.db).ExecContext(ctx,
		`INSERT INTO member_accounts (member_id) VALUES ($1) ON CONFLICT (member_id) DO NOTHING`, memberID)
	return err
}

func (r *AccountRepo) Get(ctx context.Context, memberID string) (*domain.Account, error) {
	var a domain.Account
	err := dbx.Conn(ctx, r.db).GetContext(ctx, &a,
		`SELECT member_id, tab_cents, credit_cents, hour_credits, updated_at FROM member_accounts WHERE member_id = $1`, memberID)
	if err != nil {
		return nil, notFound(err, "account "+memberID)
	}
	return &a, nil
}

func (r *AccountRepo) AddTab(ctx context.Context, memberID string, cents int64) error {
	return r.update(ctx, `UPDATE member_accounts SET tab_cents = tab_cents + $2, updated_at = now() WHERE member_id = $1`, memberID, cents)
}

func (r *AccountRepo) AddCredit(ctx context.Context, memberID string, cents int64) error {
	return r.update(ctx, `UPDATE member_accounts SET credit_cents = credit_cents + $2, updated_at = now() WHERE member_id = $1`, memberID, cents)
}

func (r *AccountRepo) DebitHours(ctx context.Context, memberID string, hours int) error {
	res, err := dbx.Conn(ctx, r.db).ExecContext(ctx, `
		UPDATE member_accounts
		   SET hour_credits = hour_credits - $2, updated_at = now()
		 WHERE member_id = $1 AND hour_credits >= $2`, memberID, hours)
	if err != nil {
		return err
	}
	if dbx.RowsAffected(res) == 0 {
		return domain.ErrInsufficientCredit
	}
	return nil
}

func (r *AccountRepo) CreditHours(ctx context.Context, memberID string, hours int) error {
	return r.update(ctx, `UPDATE member_accounts SET hour_credits = hour_credits + $2, updated_at = now() WHERE member_id = $1`, memberID, hours)
}

func (r *AccountRepo) update(ctx context.Context, q string, memberID string, arg any) error {
	res, err := dbx.Conn(ctx, r.db).ExecContext(ctx, q, memberID, arg)
	if err != nil {
		return err
	}
	if dbx.RowsAffected(res) == 0 {
		return fmt.Errorf("account %s: %w", memberID, domain.ErrNotFound)
	}
	return nil
}

func (r *AccountRepo) AppendLedger(ctx context.Context, e *domain.LedgerEntry) error {
	_, err := dbx.Conn(ctx, r.db).NamedExecContext(ctx, `
		INSERT INTO account_ledger (id, member_id, entry_key, kind, amount_cents, hour_delta, memo, created_by, created_at)
		VALUES (:id, :member_id, :entry_key, :kind, :amount_cents, :hour_delta, :memo, :created_by, :created_at)`, e)
	return err
}

func (r *AccountRepo) AppendLedgerOnce(ctx context.Context, e *domain.LedgerEntry) (bool, error) {
	if e.EntryKey == nil || *e.EntryKey == "" {
		return false, errors.New("ledger entry key required")
	}
	res, err := dbx.Conn(ctx, r.db).NamedExecContext(ctx, `
		INSERT INTO account_ledger (id, member_id, entry_key, kind, amount_cents, hour_delta, memo, created_by, created_at)
		VALUES (:id, :member_id, :entry_key, :kind, :amount_cents, :hour_delta, :memo, :created_by, :created_at)
		ON CONFLICT (entry_key) WHERE entry_key IS NOT NULL DO NOTHING`, e)
	if err != nil {
		return false, err
	}
	return dbx.RowsAffected(res) == 1, nil
}

// IdempotencyRepo implements repository.IdempotencyRepository.
type IdempotencyRepo struct{ db *sqlx.DB }

func NewIdempotencyRepo(db *sqlx.DB) *IdempotencyRepo { return &IdempotencyRepo{db: db} }

func (r *IdempotencyRepo) Claim(ctx context.Context, scope, key, requestHash string) (*domain.IdempotencyRecord, error) {
	q := dbx.Conn(ctx, r.db)
	res, err := q.ExecContext(ctx, `
		INSERT INTO idempotency_keys (scope, key, request_hash)
		VALUES ($1, $2, $3)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, requestHash)
	if err != nil {
		return nil, err
	}
	if dbx.RowsAffected(res) == 1 {
		return nil, nil
	}
	var rec domain.IdempotencyRecord
	if err := q.GetContext(ctx, &rec, `
		SELECT scope, key, request_hash, resource_id, response
		  FROM idempotency_keys WHERE scope = $1 AND key = $2`, scope, key); err != nil {
		return nil, err
	}
	return &rec, nil
}

func (r *IdempotencyRepo) Complete(ctx context.Context, scope, key, resourceID string, response []byte) error {
	_, err := dbx.Conn(ctx, r.db).ExecContext(ctx, `
		UPDATE idempotency_keys SET resource_id = $3, response = $4
		 WHERE scope = $1 AND key = $2`, scope, key, resourceID, response)
	return err
}

// ResponseRepo implements httpx.ResponseStore.
type ResponseRepo struct{ db *sqlx.DB }

func NewResponseRepo(db *sqlx.DB) *ResponseRepo { return &ResponseRepo{db: db} }

func (r *ResponseRepo) Lookup(ctx context.Context, key, route string) (*httpx.StoredResponse, error) {
	var row struct {
		StatusCode int    `db:"status_code"`
		Body       []byte `db:"body"`
	}
	err := r.db.GetContext(ctx, &row,
		`SELECT status_code, body FROM http_responses WHERE idem_key = $1 AND route = $2`, key, route)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &httpx.StoredResponse{StatusCode: row.StatusCode, Body: row.Body}, nil
}

func (r *ResponseRepo) Save(ctx context.Context, key, route string, resp httpx.StoredResponse) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO http_responses (idem_key, route, status_code, body)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (idem_key, route) DO NOTHING`, key, route, resp.StatusCode, resp.Body)
	return err
}

// GuestPassRepo implements repository.GuestPassRepository.
type GuestPassRepo struct{ db *sqlx.DB }

func NewGuestPassRepo(db *sqlx.DB) *GuestPassRepo { return &GuestPassRepo{db: db} }

func (r *GuestPassRepo) Insert(ctx context.Context, gp *domain.GuestPass) error {
	_, err := dbx.Conn(ctx, r.db).NamedExecContext(ctx, `
		INSERT INTO guest_passes (id, member_id, guest_name, vendor_pass_id, pin_last4, valid_from, valid_until, created_at)
		VALUES (:id, :member_id, :guest_name, :vendor_pass_id, :pin_last4, :valid_from, :valid_until, :created_at)`, gp)
	return err
}

func (r *GuestPassRepo) ListActive(ctx context.Context, memberID string, at time.Time) ([]domain.GuestPass, error) {
	var out []domain.GuestPass
	err := dbx.Conn(ctx, r.db).SelectContext(ctx, &out, `
		SELECT id, member_id, guest_name, vendor_pass_id, pin_last4, valid_from, valid_until, created_at
		  FROM guest_passes
		 WHERE member_id = $1 AND valid_until > $2
		 ORDER BY valid_from`, memberID, at)
	return out, err
}
