package pg

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/northsound/ferrydesk/internal/domain"
)

// Table describes a simple table whose rows map onto T by column name
// through `db` struct tags.
type Table[T any] struct {
	Name    string
	Key     string
	Columns []string
	OrderBy string
}

func (t Table[T]) bind(db Querier) Repository[T] {
	return Repository[T]{table: t, db: db}
}

// Repository is a generic CRUD helper for reference tables. Anything with
// business rules gets a hand-written repository instead.
type Repository[T any] struct {
	table Table[T]
	db    Querier
}

func (r Repository[T]) columnList() string { return strings.Join(r.table.Columns, ", ") }

// Get loads one row by primary key.
func (r Repository[T]) Get(ctx context.Context, key any) (T, error) {
	sql := fmt.Sprintf("SELECT %s FROM %s WHERE %s = $1", r.columnList(), r.table.Name, r.table.Key)
	rows, err := r.db.Query(ctx, sql, key)
	if err != nil {
		var zero T
		return zero, translate(err, "get "+r.table.Name)
	}
	v, err := pgx.CollectExactlyOneRow(rows, pgx.RowToStructByName[T])
	return v, translate(err, "get "+r.table.Name)
}

// List returns up to limit rows in the table's natural order.
func (r Repository[T]) List(ctx context.Context, limit int) ([]T, error) {
	order := r.table.OrderBy
	if order == "" {
		order = r.table.Key
	}
	sql := fmt.Sprintf("SELECT %s FROM %s ORDER BY %s LIMIT $1", r.columnList(), r.table.Name, order)
	rows, err := r.db.Query(ctx, sql, limit)
	if err != nil {
		return nil, translate(err, "list "+r.table.Name)
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByName[T])
	return out, translate(err, "list "+r.table.Name)
}

var vesselTable = Table[domain.Vessel]{
	Name:    "vessels",
	Key:     "id",
	Columns: []string{"id", "name", "imo_number", "passenger_capacity", "lane_cm", "updated_at"},
	OrderBy: "name",
}

var portTable = Table[domain.Port]{
	Name:    "ports",
	Key:     "code",
	Columns: []string{"code", "name", "authority_code", "timezone"},
}

var memberTable = Table[domain.LoyaltyMember]{
	Name:    "loyalty_members",
	Key:     "id",
	Columns: []string{"id", "email", "phone", "full_name", "tier", "created_at"},
	OrderBy: "created_at",
}
