// Package transfer stands for the package ent generates for an entity:
// its table and its fields' columns.
package transfer

const (
	Label               = "transfer"
	FieldID             = "id"
	FieldIdempotencyKey = "idempotency_key"
	FieldAmountCents    = "amount_cents"
	FieldWalletID       = "wallet_ref"
	Table               = "money_transfers"
)
