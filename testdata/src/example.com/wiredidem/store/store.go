// Package store keeps orders in PostgreSQL.
package store

import (
	"context"

	"example.com/wiredidem/app"
	"example.com/wiredidem/txn"
)

// Orders inserts orders on the querier it is given.
type Orders struct{}

func (Orders) Insert(ctx context.Context, q txn.Querier, o app.Order) error {
	_, err := q.Exec(ctx, "INSERT INTO orders (id, item) VALUES ($1, $2)", o.ID, o.Item)
	return err
}
