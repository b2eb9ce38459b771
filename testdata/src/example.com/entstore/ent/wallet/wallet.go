package wallet

const (
	Label        = "wallet"
	FieldID      = "id"
	FieldBalance = "balance_cents"
	FieldOwner   = "owner"
	Table        = "wallets"
)
