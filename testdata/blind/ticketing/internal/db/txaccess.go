package db

import "github.com/jackc/pgx/v5"

// TxFrom returns the pgx transaction a Querier is bound to, if any. It lets
// code running inside store.InTx hand the same transaction to libraries that
// need a raw pgx.Tx (river's InsertTx) without widening the Querier surface.
func TxFrom(q Querier) (pgx.Tx, bool) {
	qq, ok := q.(*Queries)
	if !ok {
		return nil, false
	}
	tx, ok := qq.db.(pgx.Tx)
	return tx, ok
}
