package store

import (
	"context"

	"github.com/google/uuid"

	"github.com/sendhome/remit/ent"
	"github.com/sendhome/remit/ent/recipient"
)

type RecipientRepo interface {
	Upsert(ctx context.Context, r *ent.Recipient) (*ent.Recipient, error)
	Get(ctx context.Context, id uuid.UUID) (*ent.Recipient, error)
}

type recipientRepo struct{ c *ent.Client }

func NewRecipientRepo(c *ent.Client) RecipientRepo { return &recipientRepo{c: c} }

// Upsert saves a recipient keyed by (customer, account fingerprint). Saving the
// same account twice returns the existing record.
func (r *recipientRepo) Upsert(ctx context.Context, in *ent.Recipient) (*ent.Recipient, error) {
	create := r.c.Recipient.Create().
		SetCustomerID(in.CustomerID).
		SetFullName(in.FullName).
		SetPhone(in.Phone).
		SetCountry(in.Country).
		SetAccountType(in.AccountType).
		SetFingerprint(in.Fingerprint)
	if in.BankCode != "" {
		create.SetBankCode(in.BankCode)
	}
	if in.AccountNumber != "" {
		create.SetAccountNumber(in.AccountNumber)
	}
	if in.WalletProvider != "" {
		create.SetWalletProvider(in.WalletProvider)
	}
	err := create.
		OnConflictColumns(recipient.FieldCustomerID, recipient.FieldFingerprint).
		DoNothing().
		Exec(ctx)
	if err != nil && !conflicted(err) {
		return nil, wrap(err, "upsert recipient")
	}
	out, err := r.c.Recipient.Query().
		Where(recipient.CustomerID(in.CustomerID), recipient.Fingerprint(in.Fingerprint)).
		Only(ctx)
	return out, wrap(err, "load recipient")
}

func (r *recipientRepo) Get(ctx context.Context, id uuid.UUID) (*ent.Recipient, error) {
	out, err := r.c.Recipient.Get(ctx, id)
	return out, wrap(err, "get recipient")
}
