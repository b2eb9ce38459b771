package store

import (
	"context"

	"github.com/uptrace/bun"

	"summary/dbctx"
)

// Fee is a bun model.
type Fee struct {
	bun.BaseModel `bun:"table:fees"`

	ID    string `bun:"id,pk"`
	Cents int64  `bun:"cents"`
}

// AddFee inserts the fee it is given, in a transaction's callback that
// captures it: each column is a field of the parameter.
func AddFee(ctx context.Context, db *bun.DB, fee *Fee) error { // want AddFee:`^summary\(paramSinks=\[p2\.ID->Fee\.ID\] writes=\[p2\.ID->a model; p2\.Cents->a model\] stmts=\["INSERT INTO fees \(id, cents\) VALUES \(\$1, \$2\)" on tx0 args=p2\.ID,p2\.Cents\]\)$`
	return db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		_, err := tx.NewInsert().Model(fee).Exec(ctx)
		return err
	})
}

// Fees keeps fees on what the context chooses.
type Fees struct{ db bun.IDB }

func (r *Fees) conn(ctx context.Context) bun.IDB { return dbctx.Conn(ctx, r.db) }

// Waive clears a fee on the transaction the context carries, or else
// the database.
func (r *Fees) Waive(ctx context.Context, id string) error { // want Waive:`^summary\(stmts=\["UPDATE fees SET cents = 0 WHERE \(id = \?\)" on p1\]\)$`
	_, err := r.conn(ctx).NewUpdate().Model((*Fee)(nil)).Set("cents = 0").Where("id = ?", id).Exec(ctx)
	return err
}
