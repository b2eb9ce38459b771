package store

import (
	"context"

	"github.com/uptrace/bun"
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
