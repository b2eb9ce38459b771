// Package repo contains the Postgres repositories. Every repository is an
// interface with a WithTx variant so services can compose several writes in
// one transaction.
package repo

import (
	"database/sql"
	"time"

	sq "github.com/Masterminds/squirrel"

	"github.com/northwind/payables/internal/platform/database"
)

var psql = database.PSQL

// sqlNow is the server-side clock, used for updated_at columns.
var sqlNow = sq.Expr("now()")

// base is embedded by every repository implementation.
type base struct {
	db database.DBTX
}

func (b base) insert(table string) sq.InsertBuilder {
	return psql.Insert(table).RunWith(b.db)
}

func (b base) update(table string) sq.UpdateBuilder {
	return psql.Update(table).RunWith(b.db)
}

func (b base) sel(cols ...string) sq.SelectBuilder {
	return psql.Select(cols...).RunWith(b.db)
}

func nullString(s string) sql.NullString {
	return sql.NullString{String: s, Valid: s != ""}
}

func nullTime(t *time.Time) sql.NullTime {
	if t == nil {
		return sql.NullTime{}
	}
	return sql.NullTime{Time: *t, Valid: true}
}

func timePtr(nt sql.NullTime) *time.Time {
	if !nt.Valid {
		return nil
	}
	t := nt.Time
	return &t
}

func rowsAffected(res sql.Result) (int64, error) {
	return res.RowsAffected()
}
