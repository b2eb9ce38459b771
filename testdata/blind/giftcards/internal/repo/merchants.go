package repo

import (
	"context"

	"github.com/lumen-gift/giftcards/internal/db"
	"github.com/lumen-gift/giftcards/internal/store"
)

type PgMerchants struct{ st *store.Store }

func NewMerchants(st *store.Store) *PgMerchants { return &PgMerchants{st: st} }

// Register inserts the merchant unless one with the same external_ref
// already exists, in which case the existing row is returned and created is
// false.
func (r *PgMerchants) Register(ctx context.Context, p db.CreateMerchantParams) (db.Merchant, bool, error) {
	m, err := r.st.Q().CreateMerchant(ctx, p)
	if err == nil {
		return m, true, nil
	}
	if !store.IsNotFound(err) {
		return db.Merchant{}, false, err
	}
	m, err = r.st.Q().GetMerchantByExternalRef(ctx, p.ExternalRef)
	return m, false, err
}

func (r *PgMerchants) Get(ctx context.Context, id string) (db.Merchant, error) {
	return r.st.Q().GetMerchant(ctx, id)
}

func (r *PgMerchants) AddTerminal(ctx context.Context, p db.CreateTerminalParams) (db.Terminal, error) {
	return r.st.Q().CreateTerminal(ctx, p)
}

func (r *PgMerchants) GetTerminal(ctx context.Context, id string) (db.Terminal, error) {
	return r.st.Q().GetTerminal(ctx, id)
}
