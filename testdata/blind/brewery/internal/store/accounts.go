package store

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/ironkettle/taproute/internal/domain"
)

// AccountRepo reads and writes trade accounts.
type AccountRepo struct{}

// NewAccountRepo constructs an AccountRepo.
func NewAccountRepo() *AccountRepo { return &AccountRepo{} }

const accountColumns = `id, name, kind, license_number, state, COALESCE(ach_customer_id, ''),
	autopay, COALESCE(edi_partner_id, ''), loyalty_tier,
	COALESCE(to_char(delivery_window_start, 'HH24:MI'), ''),
	COALESCE(to_char(delivery_window_end, 'HH24:MI'), ''), delivery_notes, created_at`

func scanAccount(row pgx.Row) (domain.Account, error) {
	var a domain.Account
	var kind string
	err := row.Scan(&a.ID, &a.Name, &kind, &a.LicenseNumber, &a.State, &a.ACHCustomerID,
		&a.Autopay, &a.EDIPartnerID, &a.LoyaltyTier, &a.DeliveryWindowStart,
		&a.DeliveryWindowEnd, &a.DeliveryNotes, &a.CreatedAt)
	a.Kind = domain.AccountKind(kind)
	return a, notFound(err)
}

// InsertIfAbsent creates the account unless one with the same liquor license
// already exists. It reports whether a row was inserted.
func (r *AccountRepo) InsertIfAbsent(ctx context.Context, q Querier, a domain.Account) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO accounts (id, name, kind, license_number, state, ach_customer_id, autopay, edi_partner_id, loyalty_tier)
		VALUES ($1, $2, $3, $4, $5, NULLIF($6, ''), $7, NULLIF($8, ''), $9)
		ON CONFLICT ON CONSTRAINT accounts_license_uniq DO NOTHING`,
		a.ID, a.Name, string(a.Kind), a.LicenseNumber, a.State, a.ACHCustomerID, a.Autopay, a.EDIPartnerID, a.LoyaltyTier)
	if err != nil {
		return false, fmt.Errorf("insert account: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// Get loads an account by id.
func (r *AccountRepo) Get(ctx context.Context, q Querier, id string) (domain.Account, error) {
	return scanAccount(q.QueryRow(ctx, `SELECT `+accountColumns+` FROM accounts WHERE id = $1`, id))
}

// GetByLicense loads an account by liquor license number.
func (r *AccountRepo) GetByLicense(ctx context.Context, q Querier, license string) (domain.Account, error) {
	return scanAccount(q.QueryRow(ctx, `SELECT `+accountColumns+` FROM accounts WHERE license_number = $1`, license))
}

// GetByEDIPartner loads the distributor account bound to an EDI trading partner.
func (r *AccountRepo) GetByEDIPartner(ctx context.Context, q Querier, partnerID string) (domain.Account, error) {
	return scanAccount(q.QueryRow(ctx, `SELECT `+accountColumns+` FROM accounts WHERE edi_partner_id = $1`, partnerID))
}

// SetDeliveryWindow overwrites the account's receiving window.
func (r *AccountRepo) SetDeliveryWindow(ctx context.Context, q Querier, id, start, end, notes string) (bool, error) {
	tag, err := q.Exec(ctx, `
		UPDATE accounts
		   SET delivery_window_start = $2::time, delivery_window_end = $3::time,
		       delivery_notes = $4, updated_at = now()
		 WHERE id = $1`, id, start, end, notes)
	if err != nil {
		return false, fmt.Errorf("set delivery window: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// ListAutopay returns ids of accounts enrolled in ACH autopay.
func (r *AccountRepo) ListAutopay(ctx context.Context, q Querier) ([]string, error) {
	rows, err := q.Query(ctx, `SELECT id FROM accounts WHERE autopay AND ach_customer_id IS NOT NULL ORDER BY id`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}
