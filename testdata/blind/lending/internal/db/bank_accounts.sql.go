package db

import (
	"context"
)

const insertBankAccount = `-- name: InsertBankAccount :one
INSERT INTO bank_accounts (id, customer_id, fingerprint, holder_name, sort_code, account_last4, vault_token)
VALUES ($1, $2, $3, $4, $5, $6, $7)
RETURNING id, customer_id, fingerprint, holder_name, sort_code, account_last4, vault_token, status, created_at
`

type InsertBankAccountParams struct {
	ID           string
	CustomerID   string
	Fingerprint  string
	HolderName   string
	SortCode     string
	AccountLast4 string
	VaultToken   string
}

func (q *Queries) InsertBankAccount(ctx context.Context, arg InsertBankAccountParams) (BankAccount, error) {
	row := q.db.QueryRow(ctx, insertBankAccount,
		arg.ID,
		arg.CustomerID,
		arg.Fingerprint,
		arg.HolderName,
		arg.SortCode,
		arg.AccountLast4,
		arg.VaultToken,
	)
	var i BankAccount
	err := row.Scan(
		&i.ID,
		&i.CustomerID,
		&i.Fingerprint,
		&i.HolderName,
		&i.SortCode,
		&i.AccountLast4,
		&i.VaultToken,
		&i.Status,
		&i.CreatedAt,
	)
	return i, err
}

const getBankAccount = `-- name: GetBankAccount :one
SELECT id, customer_id, fingerprint, holder_name, sort_code, account_last4, vault_token, status, created_at
FROM bank_accounts
WHERE id = $1
`

func (q *Queries) GetBankAccount(ctx context.Context, id string) (BankAccount, error) {
	row := q.db.QueryRow(ctx, getBankAccount, id)
	var i BankAccount
	err := row.Scan(
		&i.ID,
		&i.CustomerID,
		&i.Fingerprint,
		&i.HolderName,
		&i.SortCode,
		&i.AccountLast4,
		&i.VaultToken,
		&i.Status,
		&i.CreatedAt,
	)
	return i, err
}

const insertBankAccountVerification = `-- name: InsertBankAccountVerification :exec
INSERT INTO bank_account_verifications (id, bank_account_id, partner_ref, status)
VALUES ($1, $2, $3, 'pending')
`

func (q *Queries) InsertBankAccountVerification(ctx context.Context, id, bankAccountID, partnerRef string) error {
	_, err := q.db.Exec(ctx, insertBankAccountVerification, id, bankAccountID, partnerRef)
	return err
}

const setBankAccountStatus = `-- name: SetBankAccountStatus :exec
UPDATE bank_accounts SET status = $2 WHERE id = $1
`

func (q *Queries) SetBankAccountStatus(ctx context.Context, id, status string) error {
	_, err := q.db.Exec(ctx, setBankAccountStatus, id, status)
	return err
}
