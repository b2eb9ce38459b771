package store

import (
	"context"

	"github.com/google/uuid"

	"github.com/acme/fleet/internal/domain"
	"github.com/acme/fleet/internal/platform/db"
)

type Customers struct{}

func NewCustomers() *Customers { return &Customers{} }

func (Customers) Get(ctx context.Context, q db.Ext, id uuid.UUID) (domain.Customer, error) {
	var c domain.Customer
	err := q.GetContext(ctx, &c, `SELECT * FROM customers WHERE id = $1`, id)
	return c, notFound(err, "customer")
}
